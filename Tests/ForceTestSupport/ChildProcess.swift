import ForceSystem
import Glibc

/// A program started by a test, with its output collected as it arrives (through the device
/// layer's `Subprocess`). Waiting is bounded (`TestTimeout`): a program that does not end in time
/// is killed, so a test never hangs on one.
public final class ChildProcess {
    private let process: Subprocess
    private var heldInput: HeldInput?

    /// Starts `executable` with `arguments` (standard input from `input`, else /dev/null). With
    /// `holdingInputOpen`, standard input is a pipe that nobody writes to and that stays open
    /// until `closeInput()` (or until this value goes away): for a program that stops at the
    /// end of its input, such as `fbcli`, which ends its feedback then.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                workingDirectory: String? = nil, input: String? = nil, holdingInputOpen: Bool = false) throws {
        precondition(input == nil || !holdingInputOpen, "a held input replaces the input file")
        let held = holdingInputOpen ? try HeldInput() : nil
        process = try Subprocess(executable, arguments, environment: environment, workingDirectory: workingDirectory,
                                 input: held?.path ?? input)
        heldInput = held
    }

    /// What it printed so far.
    public var standardOutput: String { process.standardOutput }
    /// What it printed on standard error so far.
    public var standardError: String { process.standardError }
    /// What it printed so far, as bytes.
    public var standardOutputBytes: [UInt8] { process.standardOutputBytes }
    /// Standard output split into lines.
    public var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }
    /// Whether it still runs.
    public var isRunning: Bool { process.isRunning }
    /// The signal that ended it, if one did.
    public var terminationSignal: CInt? { process.terminationSignal }
    /// Its process id.
    public var processIdentifier: pid_t { process.processIdentifier }

    /// Sends `signal`.
    public func send(_ signal: CInt) { process.send(signal) }

    /// Closes the standard input held open (`holdingInputOpen`): the program reads its end.
    public func closeInput() { heldInput = nil }

    /// Waits for it to end, at most `seconds`, then kills it; returns its exit status (the
    /// signal's number when a signal ended it).
    @discardableResult
    public func wait(seconds: Double = TestTimeout.seconds) -> CInt {
        if let status = process.wait(seconds: seconds) { return status }
        process.send(SIGTERM)
        if let status = process.wait(seconds: 1) { return status }
        process.send(SIGKILL)
        return process.wait() ?? -1
    }

    /// Runs `executable` to completion (killing it after `seconds`) and returns its status and
    /// output.
    public static func run(_ executable: String, _ arguments: [String], input: String? = nil,
                           seconds: Double = TestTimeout.seconds) throws -> (status: CInt, output: String, error: String) {
        let child = try ChildProcess(executable, arguments, input: input)
        let status = child.wait(seconds: seconds)
        return (status, child.standardOutput, child.standardError)
    }

    /// This process's environment.
    public static var currentEnvironment: [String: String] { Subprocess.currentEnvironment }
}

/// A named pipe in a directory of its own, held open for writing (read-write, so that opening it
/// never blocks) while this value lives: the standard input of a program that must not see its
/// end before the test says so.
private final class HeldInput {
    let directory: TemporaryDirectory
    let path: String
    private let descriptor: CInt

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("input")
        guard mkfifo(path, 0o600) == 0 else { throw HeldInputError(operation: "mkfifo \(path)", errno: errno) }
        descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw HeldInputError(operation: "open \(path)", errno: errno) }
    }

    deinit { close(descriptor) }
}

/// The held input could not be made.
private struct HeldInputError: Error, CustomStringConvertible {
    var operation: String
    var errno: CInt
    var description: String { "\(operation): \(String(cString: strerror(errno)))" }
}

/// Waits until `condition` holds, looking every 10 ms, for at most `seconds`.
public func waitUntil(seconds: Double = TestTimeout.seconds, _ condition: () -> Bool) -> Bool {
    let deadline = MonotonicClock.now() + Int64(seconds * 1_000_000)
    let loop = try? EventLoop()
    while MonotonicClock.now() < deadline {
        if condition() { return true }
        _ = try? loop?.runOnce(timeout: .milliseconds(10))
    }
    return condition()
}
