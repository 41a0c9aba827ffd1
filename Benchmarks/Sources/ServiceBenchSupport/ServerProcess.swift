import Glibc

/// The program measured during a run (feedbackd, or ForceBridge's service), started after the
/// devices exist and stopped with SIGTERM at the end. Its output goes to a log file, shown when
/// something fails.
public final class ServerProcess {
    public let command: [String]
    public let log: String
    public private(set) var pid: pid_t = 0

    public init(command: [String], environment: [String: String]) throws(HarnessError) {
        self.command = command
        log = "/tmp/service-bench-server-\(getpid()).log"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let result = posix_spawnp(&pid, command[0], &actions, nil, argv, envp)
        guard result == 0 else { throw HarnessError("cannot start \(command.joined(separator: " ")): \(String(cString: strerror(result)))") }
    }

    /// Whether it still runs.
    public var isRunning: Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    /// Stops it (SIGTERM, then SIGKILL after 10 s).
    public func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        for _ in 0..<1000 {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) != 0 { pid = 0; return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
    }

    /// Everything it printed so far.
    public var logText: String { logTail(lines: .max) }

    /// The last lines it printed.
    public func logTail(lines: Int = 20) -> String {
        guard let file = fopen(log, "r") else { return "" }
        defer { fclose(file) }
        var text: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            text.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return text.suffix(lines).joined()
    }
}

/// A failure of the harness or its environment.
public struct HarnessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// This process's environment.
public func currentEnvironment() -> [String: String] {
    var values: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") { values[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
        entry += 1
    }
    return values
}

/// Runs a command to its end; returns its exit status.
@discardableResult
public func runCommand(_ command: [String]) -> Int32 {
    var pid: pid_t = 0
    let argv = command.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    guard posix_spawnp(&pid, command[0], nil, nil, argv, environ) == 0 else { return 127 }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return (status >> 8) & 0xFF
}

/// CLOCK_MONOTONIC in seconds.
public func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// CLOCK_MONOTONIC in microseconds (the kernel's event and effect timestamps are on this clock).
public func monotonicMicroseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
}
