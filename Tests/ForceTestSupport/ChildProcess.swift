import ForceDevices

/// A program started by a test, with its output collected as it arrives (the device layer's
/// `Subprocess`).
public typealias ChildProcess = Subprocess

extension Subprocess {
    /// Standard output split into lines.
    public var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }
}

/// Waits until `condition` holds, looking every 10 ms, for at most `seconds`.
public func waitUntil(seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = MonotonicClock.now() + Int64(seconds * 1_000_000)
    let loop = try? EventLoop()
    while MonotonicClock.now() < deadline {
        if condition() { return true }
        _ = try? loop?.runOnce(timeout: .milliseconds(10))
    }
    return condition()
}
