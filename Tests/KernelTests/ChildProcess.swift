import Foundation

/// A program started by a test, with its output collected as it arrives.
final class ChildProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var stdoutData = Data()
    private var stderrData = Data()

    /// Starts `executable` with `arguments`.
    init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let input {
            guard let handle = FileHandle(forReadingAtPath: input) else {
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: input])
            }
            process.standardInput = handle
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.lock.lock(); self.stdoutData.append(data); self.lock.unlock()
        }
        err.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.lock.lock(); self.stderrData.append(data); self.lock.unlock()
        }
        try process.run()
    }

    /// What it printed so far.
    var standardOutput: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: stdoutData, as: UTF8.self)
    }

    /// What it printed on standard error so far.
    var standardError: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: stderrData, as: UTF8.self)
    }

    /// Standard output split into lines.
    var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }

    /// Whether it is still running.
    var isRunning: Bool { process.isRunning }

    /// Sends `signal`.
    func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the process to end (at most `seconds`, then kills it); returns its exit status.
    @discardableResult
    func wait(seconds: Double = 20) -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            usleep(200_000)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        // Let the readability handlers collect the last bytes.
        usleep(50_000)
        return process.terminationStatus
    }

    /// Runs `executable` to completion and returns its status and output.
    static func run(_ executable: String, _ arguments: [String], input: String? = nil, seconds: Double = 30) throws -> (status: Int32, output: String, error: String) {
        let child = try ChildProcess(executable, arguments, input: input)
        let status = child.wait(seconds: seconds)
        return (status, child.standardOutput, child.standardError)
    }
}
