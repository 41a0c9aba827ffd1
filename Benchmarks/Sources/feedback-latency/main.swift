// feedback-latency: how long `TriggerFeedback` takes to reach the haptic motor, and what the
// server does to the motor's effect slots, for whichever program serves org.sigxcpu.Feedback.
// Runs inside the kernel guest with udev and a session bus (Benchmarks/feedback-latency.sh).
//
//   feedback-latency [--label NAME] [--server "COMMAND ARGS"] [--theme forcebridge|server|FILE]
//                    [--event NAME] [--triggers N] [--warmup N] [--slots N]
//                    [--overlap N] [--interval MS] [--pattern N] [--end-own] [--idle SECONDS]
//                    [--repository DIR] [--json]
//
// Latency: from just before the call is sent to the kernel's timestamp of the first EV_FF play
// request reaching the uinput motor (both CLOCK_MONOTONIC). One trigger at a time: the next is
// sent once FeedbackEnded has come and the motor holds no more effects than before. Uploads and
// erases are counted per trigger; slots still in use at the end are kept (a server that reuses
// its effects keeps them resident) or leaked (they grow with the triggers). With --overlap N,
// N triggers follow each other every --interval ms without waiting, then the run waits for all
// to end and counts plays, uploads, erases, the server's ENOSPC failures (an upload refused
// with ENOSPC never reaches the motor; the server's log says so) and the slots left in use.
// --pattern N plays the event (a VibraRumble with count > 1) N times and compares when each
// rumble starts at the motor (the play's kernel time plus the effect's replay delay) with the
// theme's schedule. --end-own checks that EndFeedback stops exactly its own feedback.
// --idle S counts the server's wake-ups (context switches of all its threads) over S idle seconds.
import ForceBus
import ForceDevices
import ForceFeedbackd
import ForceSystem
import Glibc
import ServiceBenchSupport

struct Options {
    var label = "feedbackd"
    var server = ["/usr/libexec/feedbackd"]
    var theme = "forcebridge"
    var event = "button-pressed"
    var triggers = 200
    var warmup = 10
    var slots = 16
    var overlap = 0
    var interval = 10.0
    var pattern = 0
    var endOwn = false
    var idle = 0
    var repository = "."
    var json = false

    init(_ arguments: [String]) throws(HarnessError) {
        var rest = arguments[...]
        func value(_ name: String) throws(HarnessError) -> String {
            guard let value = rest.popFirst() else { throw HarnessError("\(name) needs a value") }
            return value
        }
        func number(_ name: String) throws(HarnessError) -> Int {
            guard let number = Int(try value(name)), number >= 0 else { throw HarnessError("\(name) needs a whole number") }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--label": label = try value(argument)
            case "--server": server = try value(argument).split(separator: " ").map(String.init)
            case "--theme": theme = try value(argument)
            case "--event": event = try value(argument)
            case "--triggers": triggers = try number(argument)
            case "--warmup": warmup = try number(argument)
            case "--slots": slots = max(1, try number(argument))
            case "--overlap": overlap = try number(argument)
            case "--interval": interval = Double(try number(argument))
            case "--pattern": pattern = try number(argument)
            case "--end-own": endOwn = true
            case "--idle": idle = try number(argument)
            case "--repository": repository = try value(argument)
            case "--json": json = true
            default: throw HarnessError("unknown argument \(argument)")
            }
        }
        guard !server.isEmpty else { throw HarnessError("--server needs a command") }
    }
}

/// One trigger's outcome.
struct TriggerResult {
    var latency: Int64?
    var uploads = 0
    var erases = 0
    var plays = 0
}

func measureSequential(_ options: Options, client: FeedbackClient, motor: GuestMotor) throws -> [TriggerResult] {
    var results: [TriggerResult] = []
    for _ in 0..<(options.warmup + options.triggers) {
        let mark = motor.device.events.count
        let resident = motor.device.residentEffects.count
        var id: UInt32?
        var failure: BusError?
        let start = MonotonicClock.now()
        try client.trigger(options.event) { result in
            switch result {
            case .success(let value): id = value
            case .failure(let error): failure = error
            }
        }
        // Ended, and nothing of it still running at the motor.
        let finished = try client.pump(seconds: 15) {
            guard failure == nil else { return true }
            guard let id, client.ended[id] != nil else { return false }
            // (The whole log: a reused effect's shape is in its upload, before this trigger.)
            return motor.device.runningEffects.isEmpty
        }
        // A server that erases its effect after the end does it now; one that keeps it for the
        // next trigger does not (then the next trigger uploads nothing).
        try client.pump(seconds: 0.2) { motor.device.residentEffects.count <= resident }
        if let failure { throw HarnessError("TriggerFeedback failed: \(failure)") }
        guard finished else { throw HarnessError("trigger \(results.count + 1): no FeedbackEnded, or the effect stayed, within 15 s") }
        let events = motor.events(from: mark)
        var result = TriggerResult()
        result.latency = events.first { $0.isPlay && $0.time >= start }.map { $0.time - start }
        result.uploads = events.filter(\.isUpload).count
        result.erases = events.filter(\.isErase).count
        result.plays = events.filter(\.isPlay).count
        results.append(result)
        try client.pump(seconds: 0.02) { false }
    }
    return Array(results.dropFirst(options.warmup))
}

func measureOverlapping(_ options: Options, client: FeedbackClient, motor: GuestMotor, server: ServerProcess) throws -> String {
    // A few triggers one at a time first: a server that keeps its effects for reuse has them
    // resident before the count, so that what is left after it is what the overlap leaked.
    var warm = options
    warm.triggers = 0
    warm.warmup = 3
    _ = try measureSequential(warm, client: client, motor: motor)
    let mark = motor.device.events.count
    let residentBefore = motor.device.residentEffects.count
    let refusedBefore = refusals(in: server.logText)
    var ids: [UInt32] = []
    var failures: [BusError] = []
    for _ in 0..<options.overlap {
        try client.trigger(options.event) { result in
            switch result {
            case .success(let id): ids.append(id)
            case .failure(let error): failures.append(error)
            }
        }
        try client.pump(seconds: options.interval / 1000) { false }
    }
    try client.pump(seconds: 300) { ids.count + failures.count == options.overlap && ids.allSatisfy { client.ended[$0] != nil } }
    try client.pump(seconds: 1) { false }
    let events = motor.events(from: mark)
    var reasons: [UInt32: Int] = [:]
    for id in ids { reasons[client.ended[id] ?? 999, default: 0] += 1 }
    let named = reasons.keys.sorted().map { reason -> String in
        let name = [FeedbackEndReason.natural, .expired, .explicit, .notFound].first { $0.rawValue == reason }.map { "\($0)" } ?? "none"
        return "\(name) \(reasons[reason]!)"
    }
    let resident = motor.device.residentEffects.count
    return "\(options.overlap) triggers \(Int(options.interval)) ms apart: \(events.filter(\.isPlay).count) plays, "
        + "\(events.filter(\.isUpload).count) uploads, \(events.filter(\.isErase).count) erases, "
        + "\(refusals(in: server.logText) - refusedBefore) uploads refused with ENOSPC (server log); "
        + "\(resident) of \(options.slots) slots in use after (\(residentBefore) before it, kept for reuse; \(max(0, resident - residentBefore)) leaked); "
        + "\(failures.count) calls failed; FeedbackEnded: \(named.joined(separator: ", "))"
}

/// The lines of a server's log that report an upload refused for want of a slot.
func refusals(in log: String) -> Int {
    log.split(separator: "\n").filter { $0.contains("No space left on device") || $0.contains("ENOSPC") || $0.contains("no free effect slot") }.count
}

func run(_ options: Options) throws {
    let motor = try GuestMotor(slots: options.slots, repository: options.repository)
    var environment = currentEnvironment()
    var themeName = options.theme
    if options.theme == "forcebridge" {
        let file = "/tmp/feedback-latency-theme-\(getpid()).json"
        guard let handle = fopen(file, "w") else { throw HarnessError("cannot write \(file)") }
        fputs(DefaultFeedbackTheme.json, handle)
        fclose(handle)
        environment["FEEDBACK_THEME"] = file
    } else if options.theme != "server" {
        environment["FEEDBACK_THEME"] = options.theme
        themeName = options.theme
    }
    let server = try ServerProcess(command: options.server, environment: environment)
    defer { server.stop() }
    let client = try FeedbackClient()
    guard try client.waitForServer(seconds: 60) != nil else {
        throw HarnessError("\(options.label) did not take \(FeedbackClient.name) within 60 s:\n\(server.logTail())")
    }
    try client.pump(seconds: options.idle > 0 ? 5 : 1) { false }
    let header = "\(options.label) (\(options.server.joined(separator: " "))), theme \(themeName), motor \(options.slots) slots"
    if options.idle > 0 {
        let idle = idleStatistics(of: server.pid, seconds: Double(options.idle))
        let rate = Double(idle.contextSwitches) / Double(options.idle)
        print(options.json ? "{\"server\":\"\(options.label)\",\"idleWakeupsPerSecond\":\(LatencySummary.decimal(rate))}"
            : "\(header)\n  idle: \(idle.contextSwitches) wake-ups in \(options.idle) s (\(LatencySummary.decimal(rate)) per second, \(idle.threads) threads), "
                + "\(LatencySummary.milliseconds(idle.cpuNanoseconds / 1000)) ms CPU")
        return
    }
    if options.overlap > 0 {
        let line = try measureOverlapping(options, client: client, motor: motor, server: server)
        print(options.json ? "{\"server\":\"\(options.label)\",\"overlap\":\"\(line)\"}" : "\(header), event \(options.event)\n  overlap: \(line)")
        return
    }
    if options.pattern > 0 {
        let theme = DefaultFeedbackTheme.theme
        print("\(header), event \(options.event)\n  " + (try PatternTiming.measure(options, theme: theme, client: client, motor: motor)))
        return
    }
    if options.endOwn {
        print("\(header)\n  " + (try EndFeedbackCheck.run(client: client, motor: motor)))
        return
    }
    let results = try measureSequential(options, client: client, motor: motor)
    let latencies = LatencySummary(results.compactMap(\.latency))
    let count = Double(max(1, results.count))
    let uploads = Double(results.map(\.uploads).reduce(0, +)) / count
    let erases = Double(results.map(\.erases).reduce(0, +)) / count
    let missing = results.filter { $0.latency == nil }.count
    let resident = motor.device.residentEffects.count
    let ms = LatencySummary.milliseconds
    if options.json {
        print("{\"server\":\"\(options.label)\",\"event\":\"\(options.event)\",\"triggers\":\(results.count),\"p50\":\(ms(latencies.percentile(0.5))),"
            + "\"p90\":\(ms(latencies.percentile(0.9))),\"p99\":\(ms(latencies.percentile(0.99))),\"max\":\(ms(latencies.maximum)),"
            + "\"uploadsPerTrigger\":\(LatencySummary.decimal(uploads)),\"erasesPerTrigger\":\(LatencySummary.decimal(erases)),"
            + "\"withoutPlay\":\(missing),\"slotsInUse\":\(resident)}")
    } else {
        print("\(header), event \(options.event)")
        print("  trigger → play: \(results.count) triggers after \(options.warmup) untimed; p50 \(ms(latencies.percentile(0.5))) ms, "
            + "p90 \(ms(latencies.percentile(0.9))) ms, p99 \(ms(latencies.percentile(0.99))) ms, max \(ms(latencies.maximum)) ms")
        print("  per trigger (after warm-up): \(LatencySummary.decimal(uploads)) uploads, \(LatencySummary.decimal(erases)) erases; "
            + "\(missing) triggers without a play; \(resident) slots in use at the end")
    }
}

do {
    try run(try Options(Array(CommandLine.arguments.dropFirst())))
} catch {
    let message = "feedback-latency: \(error)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(1)
}
