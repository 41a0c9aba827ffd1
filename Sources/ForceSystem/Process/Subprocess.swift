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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputWrite.rawValue, 1)
        posix_spawn_file_actions_adddup2(&actions, mergingErrors ? outputWrite.rawValue : errorWrite.rawValue, 2)
        if let workingDirectory { fb_spawn_add_chdir(&actions, workingDirectory) }
        // Nothing else of this process leaks into the program, or into daemons it leaves behind.
        fb_spawn_close_others(&actions)
        // The program starts with no signal blocked and every signal at its default action,
        // whatever this process (an event loop with a signalfd) did to its own.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let environmentLines = environment.map { $0.map { "\($0.key)=\($0.value)" }.sorted() }
        var pid = pid_t()
        let status = Self.withCStrings([executable] + arguments) { argv in
            if let environmentLines {
                return Self.withCStrings(environmentLines) { envp in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
            }
            return posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        }
        guard status == 0 else {
            outputRead.closeQuietly()
            errorRead.closeQuietly()
            throw SystemError(path: executable, operation: "starting the program", errno: Errno(rawValue: status))
        }
        processIdentifier = pid
        outputPipe = outputRead
        errorPipe = errorRead
        do {
            exitDescriptor = FileDescriptor(rawValue: try SystemCall.run { pidfd_open(pid, 0) })
        } catch {
            kill(pid, SIGKILL)
            _ = waitpid(pid, nil, 0)
            throw SystemError(path: executable, operation: "pidfd_open", errno: error)
        }
    }

    deinit {
        if exitStatus == nil {
            kill(processIdentifier, SIGKILL)
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
        kill(processIdentifier, signal)
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
            _ = try? SystemCall.run { poll(&descriptors, nfds_t(descriptors.count), timeout) }
            collect()
            reap(blocking: false)
        }
        if exitStatus != nil {
            // The pipes close when the program (and whatever inherited them) has ended.
            while outputPipe != nil || errorPipe != nil {
                var descriptors = [outputPipe, errorPipe].compactMap { $0 }.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
                guard (try? SystemCall.run { poll(&descriptors, nfds_t(descriptors.count), 200) }) ?? 0 > 0 else { break }
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
                let count = try SystemCall.system { try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) } }
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
        var status: CInt = 0
        guard waitpid(processIdentifier, &status, blocking ? 0 : WNOHANG) == processIdentifier else { return }
        let signal = status & 0x7f
        exitStatus = signal == 0 ? (status >> 8) & 0xff : signal
        terminationSignal = signal == 0 ? nil : signal
    }

    private static func pipe() throws(SystemError) -> (FileDescriptor, FileDescriptor) {
        let ends: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do {
            ends = try SystemCall.system { try FileDescriptor.pipe() }
        } catch {
            throw SystemError(path: "pipe", operation: "pipe", errno: error)
        }
        // Neither end leaks into other children; the parent reads without blocking.
        _ = try? SystemCall.run { fcntl(ends.readEnd.rawValue, F_SETFD, FD_CLOEXEC) }
        _ = try? SystemCall.run { fcntl(ends.writeEnd.rawValue, F_SETFD, FD_CLOEXEC) }
        _ = try? SystemCall.run { fcntl(ends.readEnd.rawValue, F_SETFL, O_NONBLOCK) }
        return (ends.readEnd, ends.writeEnd)
    }

    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}

extension Subprocess {
    /// This process's environment.
    package static var currentEnvironment: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let line = String(cString: pointer)
            if let equals = line.firstIndex(of: "=") { result[String(line[..<equals])] = String(line[line.index(after: equals)...]) }
            entry += 1
        }
        return result
    }

    /// The value of this process's environment variable `name`, if set (without reading the
    /// whole environment).
    package static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The full path of program `name` in `PATH`, then in the sbin and bin folders (which a
    /// user's `PATH` often lacks, though `udevadm` lives there on some systems); nil when none
    /// is executable.
    package static func locate(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin", "/sbin", "/bin"]
        return folders.lazy.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}

extension Subprocess {
    /// This process's id.
    package static var currentProcessID: Int32 { getpid() }

    /// Whether this process runs as root (its effective user id is 0).
    package static var isRunningAsRoot: Bool { geteuid() == 0 }

    /// Whether a process `pid` exists (as far as signals can tell: `kill(pid, 0)`).
    package static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
