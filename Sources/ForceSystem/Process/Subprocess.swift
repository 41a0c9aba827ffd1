import CSystemShims
import Glibc
import SystemPackage

/// A program started from this one (`posix_spawn`), with its standard output and standard error
/// collected as they arrive, and its end awaited through a `pidfd`: no threads, no signal
/// handlers. It starts with every signal unblocked and at its default action. Waiting for it
/// does not wait for daemons it leaves behind, even if they keep its output open.
///
/// Reading `standardOutput` or `standardError` first collects what the program wrote since the
/// last look, without waiting.
package final class Subprocess {
    /// The process id.
    package let processIdentifier: pid_t
    private var outputPipe: FileDescriptor?
    private var errorPipe: FileDescriptor?
    private let exitDescriptor: FileDescriptor
    private var output: [UInt8] = []
    private var errors: [UInt8] = []
    private var exitStatus: CInt?
    /// The signal that ended it, if one did (once it has ended).
    package private(set) var terminationSignal: CInt?

    /// Starts `executable` (a path) with `arguments`. Standard input comes from the file
    /// `input`, else `/dev/null`; with `mergingErrors` standard error goes where standard output
    /// goes. `environment` replaces this process's when given; `workingDirectory` replaces its
    /// working directory.
    package init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                workingDirectory: String? = nil, input: String? = nil, mergingErrors: Bool = false) throws(SystemError) {
        let (outputRead, outputWrite) = try Self.pipe()
        let (errorRead, errorWrite) = try Self.pipe()
        defer {
            outputWrite.closeQuietly()
            errorWrite.closeQuietly()
        }
        let request = SpawnRequest(
            executable: executable, arguments: arguments,
            environment: environment.map { $0.map { "\($0.key)=\($0.value)" }.sorted() },
            input: input ?? "/dev/null", output: outputWrite.rawValue,
            error: mergingErrors ? outputWrite.rawValue : errorWrite.rawValue, workingDirectory: workingDirectory)
        let pid: pid_t
        do {
            pid = try SystemCall.spawn(request)
        } catch {
            outputRead.closeQuietly()
            errorRead.closeQuietly()
            throw SystemError(path: executable, operation: "starting the program", errno: error)
        }
        processIdentifier = pid
        outputPipe = outputRead
        errorPipe = errorRead
        do {
            exitDescriptor = try SystemCall.pidfdOpen(pid)
        } catch {
            _ = try? SystemCall.kill(pid, SIGKILL)
            _ = try? SystemCall.wait(for: pid, options: 0)
            throw SystemError(path: executable, operation: "pidfd_open", errno: error)
        }
    }

    deinit {
        if exitStatus == nil {
            _ = try? SystemCall.kill(processIdentifier, SIGKILL)
            _ = wait(seconds: 5)
        }
        outputPipe?.closeQuietly()
        errorPipe?.closeQuietly()
        exitDescriptor.closeQuietly()
    }

    /// What it wrote to standard output so far.
    package var standardOutput: String {
        collect()
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes it wrote to standard output so far (not copied: a test that polls the output
    /// reads only what is new, `ParsedLines`).
    package var standardOutputBytes: [UInt8] {
        collect()
        return output
    }

    /// What it wrote to standard error so far.
    package var standardError: String {
        collect()
        return String(decoding: errors, as: UTF8.self)
    }

    /// Whether it is still running.
    package var isRunning: Bool {
        reap(blocking: false)
        return exitStatus == nil
    }

    /// Sends `signal` (while it runs).
    package func send(_ signal: CInt) {
        guard exitStatus == nil else { return }
        _ = try? SystemCall.kill(processIdentifier, signal)
    }

    /// Waits for it to end, collecting its output, at most `seconds` (nil: no limit); returns
    /// its exit status (the signal's number when a signal ended it), nil when it still runs.
    @discardableResult
    package func wait(seconds: Double? = nil) -> CInt? {
        let deadline = seconds.map { MonotonicClock.now() + Int64($0 * 1_000_000) }
        while exitStatus == nil {
            var descriptors = [exitDescriptor, outputPipe, errorPipe].compactMap { $0 }.map {
                pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0)
            }
            var timeout: CInt = -1
            if let deadline {
                let remaining = deadline - MonotonicClock.now()
                if remaining <= 0 { break }
                timeout = CInt(min(remaining / 1000 + 1, 60_000))
            }
            _ = try? SystemCall.poll(&descriptors, timeout: timeout)
            collect()
            reap(blocking: false)
        }
        if exitStatus != nil {
            // The pipes close when the program (and whatever inherited them) has ended.
            while outputPipe != nil || errorPipe != nil {
                var descriptors = [outputPipe, errorPipe].compactMap { $0 }.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
                guard (try? SystemCall.poll(&descriptors, timeout: 200)) ?? 0 > 0 else { break }
                collect()
            }
        }
        return exitStatus
    }

    /// Runs `executable` to completion (killing it after `seconds`) and returns its status and
    /// output.
    package static func run(_ executable: String, _ arguments: [String], input: String? = nil, mergingErrors: Bool = false,
                           seconds: Double = 30) throws(SystemError) -> (status: CInt, output: String, error: String) {
        let child = try Subprocess(executable, arguments, input: input, mergingErrors: mergingErrors)
        var status = child.wait(seconds: seconds)
        if status == nil {
            child.send(SIGKILL)
            status = child.wait()
        }
        return (status ?? -1, child.standardOutput, child.standardError)
    }

    // MARK: - Helpers

    /// Reads whatever the pipes hold now, closing those at end of file.
    private func collect() {
        Self.drain(&outputPipe, into: &output)
        Self.drain(&errorPipe, into: &errors)
    }

    private static func drain(_ pipe: inout FileDescriptor?, into bytes: inout [UInt8]) {
        guard let descriptor = pipe else { return }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            do {
                let count = try buffer.withUnsafeMutableBytes { bytes in Result { () throws(Errno) in try SystemCall.read(descriptor, into: bytes) } }.get()
                if count == 0 {
                    descriptor.closeQuietly()
                    pipe = nil
                    return
                }
                bytes.append(contentsOf: buffer[0..<count])
            } catch {
                return
            }
        }
    }

    private func reap(blocking: Bool) {
        guard exitStatus == nil else { return }
        guard let status = try? SystemCall.wait(for: processIdentifier, options: blocking ? 0 : WNOHANG) else { return }
        let signal = status & 0x7f
        exitStatus = signal == 0 ? (status >> 8) & 0xff : signal
        terminationSignal = signal == 0 ? nil : signal
    }

    private static func pipe() throws(SystemError) -> (FileDescriptor, FileDescriptor) {
        let ends: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do {
            // Neither end leaks into other children.
            ends = try SystemCall.pipe(flags: O_CLOEXEC)
        } catch {
            throw SystemError(path: "pipe", operation: "pipe", errno: error)
        }
        // The parent reads without blocking.
        _ = try? SystemCall.control(ends.readEnd, F_SETFL, O_NONBLOCK)
        return (ends.readEnd, ends.writeEnd)
    }
}

extension Subprocess {
    /// This process's environment.
    package static var currentEnvironment: [String: String] {
        var result: [String: String] = [:]
        for line in SystemCall.environment {
            if let equals = line.firstIndex(of: "=") { result[String(line[..<equals])] = String(line[line.index(after: equals)...]) }
        }
        return result
    }

    /// The value of this process's environment variable `name`, if set (without reading the
    /// whole environment).
    package static func environmentValue(_ name: String) -> String? {
        SystemCall.environmentValue(name)
    }

    /// The full path of program `name` in `PATH`, then in the sbin and bin folders (which a
    /// user's `PATH` often lacks, though `udevadm` lives there on some systems); nil when none
    /// is executable.
    package static func locate(_ name: String) -> String? {
        let path = SystemCall.environmentValue("PATH") ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin", "/sbin", "/bin"]
        return folders.lazy.map { "\($0)/\(name)" }.first { SystemCall.isAccessible($0, X_OK) }
    }
}

extension Subprocess {
    /// This process's id.
    package static var currentProcessID: Int32 { SystemCall.processID }

    /// Ends this process with exit status `status`.
    package static func exitCurrentProcess(status: Int32) -> Never {
        SystemCall.exit(status)
    }

    /// Whether this process runs as root (its effective user id is 0).
    package static var isRunningAsRoot: Bool { SystemCall.effectiveUserID == 0 }

    /// Whether a process `pid` exists (as far as signals can tell: `kill(pid, 0)`).
    package static func processExists(_ pid: Int32) -> Bool {
        SystemCall.failure { () throws(Errno) in try SystemCall.kill(pid, 0) } != .noSuchProcess
    }
}
