import ForceCore
import ForceDevices
import ForceSystem
import ForceTestSupport
import Foundation
import Glibc
import Testing

/// `forcebridge-view --no-open` in the guest, and a WebSocket client reading its page's lines
/// (`Tests/View/ws_lines.py --follow --times`: every message with its arrival time on
/// CLOCK_MONOTONIC, read until the view closes).
final class ViewGuest {
    let view: ChildProcess
    let client: ChildProcess
    private let received: ParsedLines<(arrival: Int64, object: [String: Any])>

    /// Starts the view with `arguments` and, once it printed its URL, the client.
    init(_ arguments: [String]) throws {
        let view = try ChildProcess(Repository.forcebridgeView, arguments + ["--no-open"], environment: KernelGuest.environment)
        self.view = view
        let prefix = "forcebridge view: "
        try #require(waitUntil { view.lines.first?.hasPrefix(prefix) == true }, "no URL: \(view.standardError)")
        let url = String(view.lines[0].dropFirst(prefix.count))
        let script = KernelGuest.repositoryRoot.appendingPathComponent("Tests/View/ws_lines.py").path
        client = try ChildProcess("/usr/bin/python3", [script, url, "--follow", "--times", "--seconds", "900"])
        received = ParsedLines(client) { row in
            guard let space = row.firstIndex(of: " "), let seconds = Double(row[..<space]),
                  let object = try? JSONSerialization.jsonObject(with: Data(row[row.index(after: space)...].utf8)) as? [String: Any]
            else { return nil }
            return (Int64((seconds * 1e6).rounded()), object)
        }
    }

    deinit {
        for child in [view, client] where child.isRunning { child.send(SIGKILL) }
    }

    /// Every message received so far, with its arrival time in microseconds (CLOCK_MONOTONIC).
    var messages: [(arrival: Int64, object: [String: Any])] { received.elements }

    /// The messages of type `type` received so far.
    func objects(_ type: String) -> [[String: Any]] {
        messages.map(\.object).filter { $0["type"] as? String == type }
    }

    /// The nodes of the last `view-devices` line (nil before one came).
    var listedNodes: [String]? {
        (objects("view-devices").last?["devices"] as? [[String: Any]])?.compactMap { $0["node"] as? String }
    }

    /// When the first `touch` line of each frame arrived (a frame's lines share its `time`), in
    /// order; from the `after`-th `view-device` line on (a device shown again starts at time 0).
    func frameArrivals(after devices: Int = 1) -> [Int64] {
        var seen = 0
        var lastTime: Double?
        var arrivals: [Int64] = []
        for (arrival, object) in messages {
            let type = object["type"] as? String
            if type == "view-device" { seen += 1; lastTime = nil }
            guard seen == devices, type == "touch", let time = object["time"] as? Double, time != lastTime else { continue }
            lastTime = time
            arrivals.append(arrival)
        }
        return arrivals
    }

    /// How many frames the writer lets the page fall behind: the kernel keeps a reader's last
    /// few frames only (evdev drops the rest, SYN_DROPPED, when the reader falls further behind).
    static let framesAhead = 4

    /// Writes `frames` to `device` as the device reports them, 5 ms apart, but never more than
    /// `framesAhead` ahead of what the page received (counted from the `after`-th `view-device`
    /// line): a guest slowed down by a loaded host delays the view, and then the writer waits for
    /// it instead of the kernel dropping frames. Returns when each frame was written
    /// (CLOCK_MONOTONIC, microseconds); fewer than `frames` when the page stopped receiving.
    func write(_ frames: [[InputEvent]], to device: VirtualDevice, after devices: Int = 1) throws -> [Int64] {
        let before = frameArrivals(after: devices).count
        var written: [Int64] = []
        for (index, frame) in frames.enumerated() {
            if index >= Self.framesAhead {
                let received = before + index - Self.framesAhead + 1
                guard waitUntil({ frameArrivals(after: devices).count >= received }) else { return written }
            }
            written.append(MonotonicClock.now())
            try device.write(contentsOf: frame)
            usleep(5000)
        }
        return written
    }

    /// Expects a message for each of the `count` frames written, no more, and the touch they
    /// make to begin and end.
    func expectEveryFrame(of count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(waitUntil { frameArrivals().count >= count }, "\(frameArrivals().count) of \(count) frames", sourceLocation: sourceLocation)
        #expect(frameArrivals().count == count, "a message for each kernel frame, no more", sourceLocation: sourceLocation)
        let phases = objects("touch").compactMap { $0["phase"] as? String }
        #expect(phases.first == "began" && phases.last == "ended", "\(phases.prefix(3)) … \(phases.suffix(3))", sourceLocation: sourceLocation)
    }

    /// Prints the frames' latency (kernel write → WebSocket message) as `label`, when a message
    /// arrived for each frame `written`.
    func printLatency(_ label: String, written: [Int64]) {
        let arrivals = frameArrivals()
        guard arrivals.count == written.count, !written.isEmpty else { return }
        let latencies = zip(arrivals, written).map { Double($0 - $1) / 1000 }.sorted()
        let percentile = { (share: Double) in latencies[min(latencies.count - 1, Int(share * Double(latencies.count)))] }
        print("\(label) frame latency (kernel write → WebSocket message), \(latencies.count) frames: "
              + "p50 \(percentile(0.5)) ms, p99 \(percentile(0.99)) ms, max \(latencies.last ?? 0) ms")
    }

    /// Stops the view (SIGINT) and returns its exit status; the client ends with it.
    func stop() -> Int32 {
        view.send(SIGINT)
        let status = view.wait()
        _ = client.wait()
        return status
    }

    var diagnostics: String { "view: \(view.standardError)\nclient: \(client.standardError)\n\(client.standardOutput.suffix(2000))" }
}

/// A pen stroke on `TestDevices.penTablet`'s axes: the pen touches down, moves `count - 2` frames
/// with its pressure rising from `base` to `peak` and falling back, then lifts and leaves. Every
/// frame changes the touch and the pressure stays well above where a pen counts as lifted, so
/// every frame has a `touch` line.
enum PenStroke {
    static func frames(count: Int, peak: Int32 = 6000, base: Int32 = 1500, lift: Bool = true) -> [[InputEvent]] {
        var frames: [[InputEvent]] = []
        func frame(_ values: [(EventType, EventCode, Int32)]) {
            frames.append(values.map { InputEvent(time: 0, type: $0.0, code: $0.1, value: $0.2) } + [.report(at: 0)])
        }
        frame([(.key, KeyCode.toolPen, 1), (.abs, AbsCode.x, 10_000), (.abs, AbsCode.y, 10_000), (.abs, AbsCode.distance, 0),
               (.abs, AbsCode.pressure, base), (.key, KeyCode.touch, 1)])
        for index in 1..<(count - (lift ? 1 : 0)) {
            let phase = Double(index) / Double(count)
            let shape = phase < 0.6 ? phase / 0.6 : max(0, 1 - (phase - 0.6) / 0.4)
            frame([(.abs, AbsCode.x, 10_000 + Int32(index) * 20), (.abs, AbsCode.pressure, base + Int32(Double(peak - base) * shape))])
        }
        if lift {
            frame([(.abs, AbsCode.pressure, 0), (.key, KeyCode.touch, 0), (.key, KeyCode.toolPen, 0)])
        }
        return frames
    }
}
