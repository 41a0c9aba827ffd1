import ForceSystem
import Glibc

/// A program started by a test, with its output collected as it arrives (through the device
/// layer's `Subprocess`). Waiting is bounded: a program that does not end in time is killed, so a
/// test never hangs on one.
public final class ChildProcess {
    private let process: Subprocess

    /// Starts `executable` with `arguments` (standard input from `input`, else /dev/null).
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                workingDirectory: String? = nil, input: String? = nil) throws {
        process = try Subprocess(executable, arguments, environment: environment, workingDirectory: workingDirectory, input: input)
    }

    /// What it printed so far.
    public var standardOutput: String { process.standardOutput }
    /// What it printed on standard error so far.
    public var standardError: String { process.standardError }
    /// Standard output split into lines.
    public var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }
    /// Whether it still runs.
    public var isRunning: Bool { process.isRunning }
    /// The signal that ended it, if one did.
    public var terminationSignal: CInt? { process.terminationSignal }

    /// Sends `signal`.
    public func send(_ signal: CInt) { process.send(signal) }

    /// Waits for it to end, at most `seconds`, then kills it; returns its exit status (the
    /// signal's number when a signal ended it).
    @discardableResult
    public func wait(seconds: Double = 20) -> CInt {
        if let status = process.wait(seconds: seconds) { return status }
        process.send(SIGTERM)
        if let status = process.wait(seconds: 1) { return status }
        process.send(SIGKILL)
        return process.wait() ?? -1
    }

    /// Runs `executable` to completion (killing it after `seconds`) and returns its status and
    /// output.
    public static func run(_ executable: String, _ arguments: [String], input: String? = nil,
                           seconds: Double = 30) throws -> (status: CInt, output: String, error: String) {
        let child = try ChildProcess(executable, arguments, input: input)
        let status = child.wait(seconds: seconds)
        return (status, child.standardOutput, child.standardError)
    }

    /// This process's environment.
    public static var currentEnvironment: [String: String] { Subprocess.currentEnvironment }
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
