import ForceDevices
import ForceFeedbackd
import ServiceBenchSupport

/// Whether a multi-step vibration's steps start on time: a `VibraRumble` of the theme with
/// `count` rumbles of `duration` ms and `pause` ms between them is meant to start rumble k at
/// k × (duration + pause) after the first. At the motor a rumble starts at the kernel time of
/// its play request plus the effect's replay delay (a server may upload all steps at once with
/// their delays and let the device time them, or start each step itself with a timer). Each
/// step's error is its start, measured from the first step's, minus its intended offset: a
/// timer that runs late shows as positive errors, one that accumulates as errors that grow.
enum PatternTiming {
    static func measure(_ options: Options, theme: FeedbackTheme, client: FeedbackClient, motor: GuestMotor) throws -> String {
        guard case .rumble(let rumble)? = theme.vibration(for: options.event, at: .full), rumble.generator == nil else {
            throw HarnessError("\(options.event) is not a plain VibraRumble of the theme")
        }
        let (length, pause, count) = rumble.rumbles
        guard count > 1 else { throw HarnessError("\(options.event) has a single rumble: no steps to time") }
        let period = Int64(length) + Int64(pause)
        // errors[k]: step k's error (µs) in each run.
        var errors = [[Int64]](repeating: [], count: Int(count))
        var firstStep: [Int64] = []
        var incomplete = 0
        for _ in 0..<options.pattern {
            let mark = motor.device.events.count
            var id: UInt32?
            let start = monotonicMicroseconds()
            try client.trigger(options.event) { id = try? $0.get() }
            let ended = try client.pump(seconds: 30) { id.map { client.ended[$0] != nil } ?? false }
            guard ended else { throw HarnessError("no FeedbackEnded within 30 s") }
            try client.pump(seconds: 0.2) { false }
            let played = VirtualHapticDevice.playedEffects(in: Array(motor.device.events))
                .dropFirst(VirtualHapticDevice.playedEffects(in: Array(motor.device.events.prefix(mark))).count)
            let starts = played.map { $0.time + Int64($0.effect?.delay ?? 0) * 1000 }.sorted()
            let steps = Self.steps(starts, period: period * 1000)
            guard steps.count == Int(count), let first = steps.first else {
                incomplete += 1
                continue
            }
            firstStep.append(first - start)
            for (index, step) in steps.enumerated() {
                errors[index].append(step - first - Int64(index) * period * 1000)
            }
        }
        let ms = LatencySummary.milliseconds
        var text = "pattern: \(options.pattern - incomplete) runs of \(count) rumbles \(length) ms every \(period) ms"
        if incomplete > 0 { text += " (\(incomplete) runs did not play every step)" }
        text += "; first step p50 \(ms(LatencySummary(firstStep).percentile(0.5))) ms after the call"
        for index in 1..<Int(count) {
            let summary = LatencySummary(errors[index])
            let worst = LatencySummary(errors[index].map { abs($0) }).maximum
            text += "\n    step \(index + 1) (+\(Int64(index) * period) ms): error p50 \(ms(summary.percentile(0.5))) ms, "
                + "p99 \(ms(summary.percentile(0.99))) ms, worst |error| \(ms(worst)) ms"
        }
        let later = errors.dropFirst().joined()
        let within = later.filter { abs($0) <= 1000 }.count
        text += "\n    steps within 1 ms of their time: \(within) of \(later.count)"
        return text
    }

    /// The starts grouped into steps (starts closer than half a period are one step: a step may
    /// be several effects); each step's time is its earliest start.
    static func steps(_ starts: [Int64], period: Int64) -> [Int64] {
        var steps: [Int64] = []
        for start in starts where steps.last.map({ start - $0 >= period / 2 }) ?? true {
            steps.append(start)
        }
        return steps
    }
}
