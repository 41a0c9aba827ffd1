import ArgumentParser
import ForceCore
import ForceDevices
import ForceSystem
import Glibc

/// `forcebridge haptic benchmark`: latency from a feedback trigger to the play request reaching
/// the device, and uploads in steady state, measured on a uinput force-feedback device that
/// plays the hardware (needs /dev/uinput: run it in the kernel guest, see
/// Benchmarks/haptics-latency.sh).
struct HapticBenchmarkCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "benchmark",
        abstract: "Measure trigger-to-device latency and steady-state uploads on a virtual force-feedback device (needs /dev/uinput).",
        discussion: """
            Creates a uinput device with 16 effect slots (like ff-memless) that plays the hardware, \
            and times each trigger from just before the generator call to the kernel's timestamp \
            of the play request reaching the device. Prepared: the effect was uploaded before. \
            Unprepared: every trigger needs an upload (impacts of 32 intensities cycling through \
            16 slots). Steady state: a mix of every generator feedback, each trigger stopping the \
            previous feedback so that every one plays, counting uploads per 1000 triggers after a warm-up.
            """,
        shouldDisplay: false
    )

    @Option(help: "Timed triggers per latency measurement.")
    var triggers = 2000

    @Flag(help: "One JSON object instead of a table.")
    var json = false

    func validate() throws {
        guard triggers >= 100 else { throw ValidationError("--triggers must be at least 100.") }
    }

    func run() throws {
        let hardware: VirtualHapticDevice
        do {
            hardware = try VirtualHapticDevice(profile: .phoneVibrator(name: "ForceBridge Benchmark Vibrator"))
        } catch {
            throw CommandFailure("\(error) The benchmark needs uinput; run it in the kernel guest: Benchmarks/haptics-latency.sh")
        }
        defer { hardware.destroy() }
        guard let node = hardware.node() else { throw CommandFailure("the virtual device's event node did not appear") }
        let engine = try HapticEngine.open(path: node)
        defer { engine.close() }

        // Prepared: one impact, uploaded before the first trigger; the previous one is stopped
        // (untimed) first, so the timed write is one start. Before each trigger, the
        // environment's share: how late a 50 µs busy window ends (a VM on a loaded host loses
        // its CPU now and then, for milliseconds, whatever it is doing).
        let generator = ImpactFeedbackGenerator(style: .medium, player: engine)
        generator.prepare()
        var stalls: [Int64] = []
        let prepared = measure(triggers: triggers, hardware: hardware, before: { index in
            settle(engine, hardware)
            let start = MonotonicClock.now()
            while MonotonicClock.now() - start < 50 {}
            if index >= 50 { stalls.append(MonotonicClock.now() - start - 50) }
        }) { _ in generator.impactOccurred() }
        let preparedUploads = engine.statistics.uploads

        // Prepared, pre-empting: the previous impact still plays, so the write stops it and
        // starts the new one.
        let preempting = measure(triggers: triggers, hardware: hardware) { _ in generator.impactOccurred() }

        // Unprepared: 32 intensities cycling through 16 slots, so every trigger uploads first.
        let levels = (1...32).map { Double($0) / 32 }
        let beforeUnprepared = engine.statistics.uploads
        let unprepared = measure(triggers: triggers, hardware: hardware, before: { _ in settle(engine, hardware) }) { index in
            generator.impactOccurred(intensity: levels[index % levels.count])
        }
        let unpreparedUploads = engine.statistics.uploads - beforeUnprepared  // over triggers + 50 warm-up ones

        // Steady state: every generator feedback in a fixed pseudo-random order.
        let steady = steadyState(engine: engine, hardware: hardware)

        if let error = engine.lastError { throw CommandFailure(error) }
        let report = Report(node: node, triggers: triggers, prepared: prepared, preempting: preempting, unprepared: unprepared, stalls: stalls.sorted(),
                            preparedUploads: preparedUploads, unpreparedUploadsPerTrigger: Double(unpreparedUploads) / Double(triggers + 50),
                            steadyUploadsPer1000: steady.uploads, steadyPlayed: steady.played, steadyDropped: steady.dropped,
                            oneSlotUploadsPer1000: try oneSlotSteadyState())
        Console.print(json ? report.json : report.text)
    }

    /// Stops what plays and waits until the device has read everything written.
    private func settle(_ engine: HapticEngine, _ hardware: VirtualHapticDevice) {
        try? engine.stopAll()
        let statistics = engine.statistics
        hardware.waitForForceFeedbackEvents(atLeast: statistics.starts + statistics.stops + statistics.evictionErases)
    }

    /// Latencies (µs) of `triggers` triggers, each waiting for its play request to reach the
    /// device; `before` runs untimed before each.
    private func measure(triggers: Int, hardware: VirtualHapticDevice, before: (Int) -> Void = { _ in },
                         _ trigger: (Int) -> Void) -> [Int64] {
        var latencies: [Int64] = []
        latencies.reserveCapacity(triggers)
        for index in 0..<(triggers + 50) {
            hardware.clearEvents()
            before(index)
            let start = MonotonicClock.now()
            trigger(index)
            var seen: Int64?
            hardware.wait(seconds: 5) { state in
                for event in state.events { if case .play = event.kind { seen = event.time; return true } }
                return false
            }
            // The first 50 warm caches and code paths; they are not counted.
            if index >= 50, let seen { latencies.append(seen - start) }
        }
        return latencies.sorted()
    }

    private func steadyState(engine: HapticEngine, hardware: VirtualHapticDevice) -> (uploads: Int, played: Int, dropped: Int) {
        let player = engine
        let impacts = ImpactFeedbackStyle.allCases.map { ImpactFeedbackGenerator(style: $0, player: player) }
        let notifications = NotificationFeedbackGenerator(player: player)
        let selection = SelectionFeedbackGenerator(player: player)
        let preview = PreviewHaptics(player: player)
        var random = SplitMix(seed: 42)
        func trigger() {
            // Every trigger plays (none is dropped by priority): the worst case for slots. The
            // device reads what was written before the next trigger (VirtualHapticDevice.waitForPlays).
            try? engine.stopAll()
            defer {
                let statistics = engine.statistics
                hardware.waitForForceFeedbackEvents(atLeast: statistics.starts + statistics.stops + statistics.evictionErases)
            }
            switch random.next() % 12 {
            case 0..<5: impacts[Int(random.next() % 5)].impactOccurred()
            case 5..<7: notifications.notificationOccurred(NotificationFeedbackType.allCases[Int(random.next() % 3)])
            case 7..<10: selection.selectionChanged()
            default: preview.pop.impactOccurred(); preview.peek.impactOccurred()
            }
        }
        for _ in 0..<1000 { trigger() }  // warm-up
        let before = engine.statistics
        for _ in 0..<1000 { trigger() }
        let after = engine.statistics
        return (after.uploads - before.uploads, after.played - before.played, after.dropped - before.dropped)
    }

    /// Uploads per 1000 mixed triggers on a one-slot device, for comparison.
    private func oneSlotSteadyState() throws -> Int {
        let hardware = try VirtualHapticDevice(profile: .oneSlot(name: "ForceBridge Benchmark One Slot"))
        defer { hardware.destroy() }
        guard let node = hardware.node() else { return -1 }
        let engine = try HapticEngine.open(path: node)
        defer { engine.close() }
        return steadyState(engine: engine, hardware: hardware).uploads
    }

    struct Report {
        var node: String
        var triggers: Int
        var prepared: [Int64]
        var preempting: [Int64]
        var unprepared: [Int64]
        var stalls: [Int64]
        var preparedUploads: Int
        var unpreparedUploadsPerTrigger: Double
        var steadyUploadsPer1000: Int
        var steadyPlayed: Int
        var steadyDropped: Int
        var oneSlotUploadsPer1000: Int

        static func percentile(_ sorted: [Int64], _ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
            return Double(sorted[max(0, index)]) / 1000
        }

        static func ms(_ value: Double) -> String { "\((value * 1000).rounded() / 1000)" }

        var text: String {
            var lines = ["Haptic trigger → EV_FF play request seen by the device (\(node), \(triggers) triggers each, ms):"]
            lines.append("  prepared:   p50 \(Self.ms(Self.percentile(prepared, 0.5)))  p90 \(Self.ms(Self.percentile(prepared, 0.9)))  p99 \(Self.ms(Self.percentile(prepared, 0.99)))  max \(Self.ms(Self.percentile(prepared, 1)))  over 1 ms: \(prepared.filter { $0 > 1000 }.count)  (uploads: \(preparedUploads) in total, the one prepare)")
            lines.append("  prepared, pre-empting the previous impact: p50 \(Self.ms(Self.percentile(preempting, 0.5)))  p90 \(Self.ms(Self.percentile(preempting, 0.9)))  p99 \(Self.ms(Self.percentile(preempting, 0.99)))  max \(Self.ms(Self.percentile(preempting, 1)))  over 1 ms: \(preempting.filter { $0 > 1000 }.count)")
            lines.append("  environment: a 50 µs busy window ended late by p50 \(Self.ms(Self.percentile(stalls, 0.5)))  p99 \(Self.ms(Self.percentile(stalls, 0.99)))  max \(Self.ms(Self.percentile(stalls, 1)))  over 1 ms: \(stalls.filter { $0 > 1000 }.count)")
            lines.append("  unprepared: p50 \(Self.ms(Self.percentile(unprepared, 0.5)))  p90 \(Self.ms(Self.percentile(unprepared, 0.9)))  p99 \(Self.ms(Self.percentile(unprepared, 0.99)))  max \(Self.ms(Self.percentile(unprepared, 1)))  (\(unpreparedUploadsPerTrigger) uploads per trigger)")
            lines.append("Steady state, mixed generator feedback: \(steadyUploadsPer1000) uploads per 1000 triggers (16 slots; \(steadyPlayed) played, \(steadyDropped) dropped); one-slot device: \(oneSlotUploadsPer1000)")
            return lines.joined(separator: "\n")
        }

        var json: String {
            "{\"triggers\":\(triggers),\"preparedP50Ms\":\(Self.percentile(prepared, 0.5)),\"preparedP99Ms\":\(Self.percentile(prepared, 0.99)),"
                + "\"preemptingP50Ms\":\(Self.percentile(preempting, 0.5)),\"preemptingP99Ms\":\(Self.percentile(preempting, 0.99)),"
                + "\"unpreparedP50Ms\":\(Self.percentile(unprepared, 0.5)),\"unpreparedP99Ms\":\(Self.percentile(unprepared, 0.99)),"
                + "\"environmentStallP99Ms\":\(Self.percentile(stalls, 0.99)),"
                + "\"steadyUploadsPer1000\":\(steadyUploadsPer1000),\"oneSlotUploadsPer1000\":\(oneSlotUploadsPer1000)}"
        }
    }
}
