import CSystemShims
import Glibc
import SystemPackage

// The real calls on processes, users, terminals, clocks and threads: the default
// implementations of `SystemCallTable`.
extension SystemCallTable {
    package func spawn(_ request: SpawnRequest) throws(Errno) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, request.input, O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, request.output, 1)
        posix_spawn_file_actions_adddup2(&actions, request.error, 2)
        if let directory = request.workingDirectory { fb_spawn_add_chdir(&actions, directory) }
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
        var process = pid_t()
        let status = withCStrings([request.executable] + request.arguments) { argv in
            guard let environment = request.environment else {
                return posix_spawn(&process, request.executable, &actions, &attributes, argv, environ)
            }
            return withCStrings(environment) { envp in posix_spawn(&process, request.executable, &actions, &attributes, argv, envp) }
        }
        guard status == 0 else { throw Errno(rawValue: status) }
        return process
    }

    package func execute(_ executable: String, _ arguments: [String]) -> Errno {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        execv(executable, argv)
        return Errno(rawValue: errno)
    }

    package func pidfdOpen(_ process: pid_t, _ flags: UInt32) throws(Errno) -> CInt {
        try checked(pidfd_open(process, flags))
    }

    package func kill(_ process: pid_t, _ signal: CInt) throws(Errno) {
        try succeeded(Glibc.kill(process, signal))
    }

    package func waitpid(_ process: pid_t, _ options: CInt) throws(Errno) -> (process: pid_t, status: CInt) {
        var status: CInt = 0
        let ended = try checked(Glibc.waitpid(process, &status, options))
        return (ended, status)
    }

    package func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    package func environment() -> [String] {
        var lines: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            lines.append(String(cString: pointer))
            entry += 1
        }
        return lines
    }

    package func processID() -> pid_t { getpid() }

    package func userID() -> uid_t { getuid() }

    package func effectiveUserID() -> uid_t { geteuid() }

    package func userName(_ user: uid_t) -> String? {
        getpwuid(user).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
    }

    package func groupName(_ group: gid_t) -> String? {
        getgrgid(group).flatMap { $0.pointee.gr_name.map { String(cString: $0) } }
    }

    package func isTerminal(_ descriptor: CInt) -> Bool { isatty(descriptor) == 1 }

    package func terminalAttributes(_ descriptor: CInt) throws(Errno) -> termios {
        var attributes = termios()
        try succeeded(tcgetattr(descriptor, &attributes))
        return attributes
    }

    package func setTerminalAttributes(_ descriptor: CInt, _ action: CInt, _ attributes: termios) throws(Errno) {
        var attributes = attributes
        try succeeded(tcsetattr(descriptor, action, &attributes))
    }

    package func clockTime(_ clock: clockid_t) -> timespec {
        var time = timespec()
        clock_gettime(clock, &time)
        return time
    }

    package func hostName() throws(Errno) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        try succeeded(gethostname(&buffer, buffer.count - 1))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package func configurationValue(_ name: CInt) -> Int { sysconf(name) }

    package func sleep(microseconds: UInt32) { _ = usleep(microseconds) }

    package func createThread(_ body: @escaping @Sendable () -> Void) throws(Errno) -> pthread_t {
        let box = Unmanaged.passRetained(ThreadBody(body))
        var created = pthread_t()
        let status = pthread_create(&created, nil, { context in
            Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, box.toOpaque())
        guard status == 0 else {
            box.release()
            throw Errno(rawValue: status)
        }
        return created
    }

    package func joinThread(_ thread: pthread_t) {
        pthread_join(thread, nil)
    }
}

/// A thread's closure, passed through `pthread_create`'s context pointer.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
}
