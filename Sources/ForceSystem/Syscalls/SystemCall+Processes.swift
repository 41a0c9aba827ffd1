import Glibc
import SystemPackage

// Processes, users, terminals, clocks, the host and threads.
extension SystemCall {
    /// Starts the program `request` describes; returns its process id.
    package static func spawn(_ request: SpawnRequest) throws(Errno) -> pid_t {
        try table.spawn(request)
    }

    /// A pidfd for `process`, readable once it has ended.
    /// Runs `executable` (a path) with `arguments` (without the program name) in place of this
    /// program (`execv`). Returns only when that failed, with the error.
    package static func execute(_ executable: String, arguments: [String]) -> Errno {
        table.execute(executable, arguments)
    }

    package static func pidfdOpen(_ process: pid_t) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retrying { () throws(Errno) in try table.pidfdOpen(process, 0) })
    }

    /// Ends this process with `status` (the C library's `exit`: its handlers and buffers first).
    package static func exit(_ status: CInt) -> Never {
        Glibc.exit(status)
    }

    /// Sends `signal` to `process` (0: checks that it exists).
    package static func kill(_ process: pid_t, _ signal: CInt) throws(Errno) {
        try table.kill(process, signal)
    }

    /// Reaps `process` if it has ended (waits for it without `WNOHANG` in `options`); returns
    /// its raw wait status, nil while it runs.
    package static func wait(for process: pid_t, options: CInt) throws(Errno) -> CInt? {
        let result = try retrying { () throws(Errno) in try table.waitpid(process, options) }
        return result.process == process ? result.status : nil
    }

    /// This process's environment variable `name`, if set.
    package static func environmentValue(_ name: String) -> String? { table.environmentValue(name) }

    /// This process's environment, as `NAME=VALUE` lines.
    package static var environment: [String] { table.environment() }

    /// This process's id.
    package static var processID: pid_t { table.processID() }

    /// The real user id.
    package static var userID: uid_t { table.userID() }

    /// The effective user id.
    package static var effectiveUserID: uid_t { table.effectiveUserID() }

    /// The login name of `user`, if the user database has it.
    package static func userName(_ user: uid_t) -> String? { table.userName(user) }

    /// The name of `group`, if the group database has it.
    package static func groupName(_ group: gid_t) -> String? { table.groupName(group) }

    /// Whether `descriptor` is a terminal.
    package static func isTerminal(_ descriptor: FileDescriptor) -> Bool { table.isTerminal(descriptor.rawValue) }

    /// The terminal's attributes (modes, control characters).
    package static func terminalAttributes(_ descriptor: FileDescriptor) throws(Errno) -> termios {
        try retrying { () throws(Errno) in try table.terminalAttributes(descriptor.rawValue) }
    }

    /// Sets the terminal's attributes (`TCSANOW`: at once).
    package static func setTerminalAttributes(_ descriptor: FileDescriptor, _ attributes: termios, when action: CInt = TCSANOW) throws(Errno) {
        try retrying { () throws(Errno) in try table.setTerminalAttributes(descriptor.rawValue, action, attributes) }
    }

    /// The time of `clock` in microseconds.
    @inline(__always)
    package static func microseconds(of clock: clockid_t) -> Int64 {
        let time = table.clockTime(clock)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
    }

    /// The host's name.
    package static func hostName() throws(Errno) -> String { try table.hostName() }

    /// The system's configuration value `name` (`_SC_NPROCESSORS_ONLN`, ...).
    package static func configurationValue(_ name: CInt) -> Int { table.configurationValue(name) }

    /// Sleeps `microseconds`.
    package static func sleep(microseconds: UInt32) { table.sleep(microseconds: microseconds) }

    /// Starts `body` on a new thread.
    package static func createThread(_ body: @escaping @Sendable () -> Void) throws(Errno) -> pthread_t {
        try table.createThread(body)
    }

    /// Waits until `thread` has ended.
    package static func joinThread(_ thread: pthread_t) { table.joinThread(thread) }
}
