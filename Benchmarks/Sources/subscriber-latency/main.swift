// subscriber-latency: how long a touchscreen's kernel event takes to reach the subscribers of
// `forcebridge serve` (`Subscribe(device, options) → h`, the jsonl stream), with 1 and more
// subscribers, the service's CPU time per event and subscriber, and its wake-ups while idle.
// Runs inside the kernel guest with udev and a session bus (Benchmarks/service-bench.sh).
//
//   subscriber-latency [--server "COMMAND ARGS"] [--subscribers 1,8] [--frames N] [--warmup N]
//                      [--rate HZ] [--press N] [--idle SECONDS] [--floor]
//
// Latency: from the kernel's timestamp of a frame's SYN_REPORT (read from the touchscreen's
// node with EVIOCSCLOCKID = CLOCK_MONOTONIC; the kernel stamps a frame when its SYN_REPORT
// flushes it to readers) to the moment the subscriber's read returned the frame's `touch` line
// (CLOCK_MONOTONIC: one kernel, one clock). The subscribers are sockets of this process, read
// in one poll loop as soon as they are readable; the next frame is sent once every subscriber
// has its line, at most --rate frames per second. CPU: the service's CPU time (all threads,
// schedstat) over the timed frames, divided by frames and by subscribers. Idle: the service's
// context switches (all threads) over --idle seconds with the subscribers connected and no
// input. --floor measures the same against FloorRelay, a relay that does nothing but pass each
// frame's SYN_REPORT on as a fixed line: the floor of this guest and host at this moment.
// Not part of `make test`: nothing here asserts a timing.
import ForceBus
import Glibc
import ServiceBenchSupport

struct Options {
    var server = [".build/release/forcebridge", "serve", "--no-feedbackd"]
    var subscribers = [1, 8]
    var frames = 1000
    var warmup = 50
    var rate = 120.0
    var press = 100
    var idle = 10
    var floor = false

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
            case "--server": server = try value(argument).split(separator: " ").map(String.init)
            case "--subscribers": subscribers = try value(argument).split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
            case "--frames": frames = try number(argument)
            case "--warmup": warmup = try number(argument)
            case "--rate": rate = Double(max(1, try number(argument)))
            case "--press": press = max(3, try number(argument))
            case "--idle": idle = try number(argument)
            case "--floor": floor = true
            default: throw HarnessError("unknown argument \(argument)")
            }
        }
    }
}

let serviceName = "org.forcebridge.ForceBridge1"
let servicePath = "/org/forcebridge/ForceBridge1"

/// Calls `member` of the service's interface and waits for the reply.
func call(_ bus: BusConnection, _ member: String, _ build: (BusMessage) throws(BusError) -> Void = { _ in }) throws -> BusMessage {
    let message = try bus.methodCall(destination: serviceName, path: servicePath, interface: serviceName, member: member)
    try build(message)
    return try bus.call(message, timeout: .seconds(20))
}

/// Waits until `condition` holds, `seconds` at most.
func wait(seconds: Double, until condition: () throws -> Bool) rethrows -> Bool {
    let end = monotonicSeconds() + seconds
    while monotonicSeconds() < end {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}

/// One round: `count` subscribers, `options.frames` timed frames.
func measure(count: Int, options: Options, screen: GuestTouchscreen, server: ServerProcess, subscribe: () throws -> Int32) throws -> String {
    var subscribers: [Subscriber] = []
    for _ in 0..<count { subscribers.append(Subscriber(descriptor: try subscribe())) }
    var descriptors = subscribers.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
    var latencies: [Int64] = []
    latencies.reserveCapacity(options.frames * count)
    var missed = 0
    var before = ProcessStatistics(pid: server.pid)
    let interval = 1 / options.rate
    var next = monotonicSeconds()
    for frame in 0..<(options.warmup + options.frames) {
        if frame == options.warmup { before = ProcessStatistics(pid: server.pid) }
        while monotonicSeconds() < next { usleep(200) }
        next = monotonicSeconds() + interval
        let expected = subscribers.map { $0.touchLines + 1 }
        let stamp = try screen.sendFrame(frame % options.press, of: options.press)
        var waiting = count
        let deadline = monotonicSeconds() + 2
        while waiting > 0 && monotonicSeconds() < deadline {
            for index in descriptors.indices { descriptors[index].revents = 0 }
            guard poll(&descriptors, nfds_t(descriptors.count), 100) > 0 else { continue }
            for (index, subscriber) in subscribers.enumerated() where descriptors[index].revents != 0 {
                let had = subscriber.touchLines
                guard subscriber.readAvailable() > 0 else { continue }
                let received = monotonicMicroseconds()
                if had < expected[index] && subscriber.touchLines >= expected[index] {
                    waiting -= 1
                    if frame >= options.warmup { latencies.append(received - stamp) }
                }
            }
        }
        if waiting > 0 { missed += waiting }
        // A frame whose line came late may be followed by its neighbours' lines: realign.
        if waiting > 0 { _ = wait(seconds: 0.5) { subscribers.allSatisfy { _ = $0.readAvailable(); return false } } }
    }
    let used = ProcessStatistics(pid: server.pid).since(before)
    let dropped = subscribers.map(\.dropped).reduce(0, +)
    let identical = Set(subscribers.map(\.digest)).count == 1
    var idleText = ""
    if options.idle > 0 && count == options.subscribers.max() {
        usleep(500_000)
        let idle = idleStatistics(of: server.pid, seconds: Double(options.idle))
        idleText = "\n  idle with \(count) subscribers connected: \(idle.contextSwitches) wake-ups in \(options.idle) s "
            + "(\(LatencySummary.decimal(Double(idle.contextSwitches) / Double(options.idle))) per second, \(idle.threads) threads), "
            + "\(LatencySummary.milliseconds(idle.cpuNanoseconds / 1000)) ms CPU"
    }
    subscribers.removeAll()
    usleep(300_000)
    let summary = LatencySummary(latencies)
    let ms = LatencySummary.milliseconds
    let cpuPerFrame = Double(used.cpuNanoseconds) / Double(max(1, options.frames)) / 1000
    return "\(count) subscriber\(count == 1 ? "" : "s"): \(options.frames) frames after \(options.warmup) untimed, \(summary.count) lines timed; "
        + "event → line p50 \(ms(summary.percentile(0.5))) ms, p90 \(ms(summary.percentile(0.9))) ms, p99 \(ms(summary.percentile(0.99))) ms, "
        + "max \(ms(summary.maximum)) ms; \(missed) lines late by over 2 s, \(dropped) drop notices; "
        + "\(identical ? "every subscriber got the same lines" : "SUBSCRIBERS GOT DIFFERENT LINES")\n"
        + "  service CPU: \(LatencySummary.decimal(cpuPerFrame)) µs per frame, \(LatencySummary.decimal(cpuPerFrame / Double(count))) µs per frame per subscriber "
        + "(\(LatencySummary.milliseconds(used.cpuNanoseconds / 1000)) ms over the timed frames; \(used.contextSwitches) wake-ups)" + idleText
}

func run(_ options: Options) throws {
    let screen = try GuestTouchscreen(name: "ForceBridge Bench Touchscreen \(getpid())")
    runCommand(["/usr/bin/udevadm", "settle", "--timeout=60"])
    if options.floor {
        let path = "/tmp/subscriber-latency-relay-\(getpid())"
        let relay = try ServerProcess(command: [CommandLine.arguments[0], "--relay", screen.node, path], environment: currentEnvironment())
        defer { relay.stop() }
        guard wait(seconds: 30, until: { access(path, F_OK) == 0 }) else { throw HarnessError("the relay did not start:\n\(relay.logTail())") }
        print("subscriber-latency: the floor (a relay that passes each SYN_REPORT on as a fixed line, no processing), touchscreen \(screen.node)")
        var floor = options
        floor.idle = 0
        for count in options.subscribers {
            print("  " + (try measure(count: count, options: floor, screen: screen, server: relay) { try FloorRelay.connect(to: path) }))
        }
        return
    }
    let server = try ServerProcess(command: options.server, environment: currentEnvironment())
    defer { server.stop() }
    let bus = try BusConnection.session(description: "subscriber-latency")
    let listed = try wait(seconds: 60) {
        guard server.isRunning else { throw HarnessError("the service stopped:\n\(server.logTail())") }
        guard let reply = try? call(bus, "ListDevices"), let devices = try? reply.read([[String: BusValue]].self) else { return false }
        return devices.contains { $0["node"]?.stringValue == screen.node }
    }
    guard listed else { throw HarnessError("the service did not list \(screen.node) within 60 s:\n\(server.logTail())") }
    print("subscriber-latency: \(options.server.joined(separator: " ")), touchscreen \(screen.node), "
        + "presses of \(options.press) frames at up to \(Int(options.rate)) frames/s")
    for count in options.subscribers {
        print("  " + (try measure(count: count, options: options, screen: screen, server: server) {
            let reply = try call(bus, "Subscribe") { message throws(BusError) in
                try message.append(screen.node)
                try message.append([String: BusValue]())
            }
            return try reply.readDescriptorCopy().rawValue
        }))
    }
}

if CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "--relay" {
    FloorRelay.run(node: CommandLine.arguments[2], path: CommandLine.arguments[3])
}
do {
    try run(try Options(Array(CommandLine.arguments.dropFirst())))
} catch {
    let message = "subscriber-latency: \(error)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(1)
}
