import ForceCore
import ForceSystem
import Glibc

/// One command running in a detached tmux session of a fixed size, on a private tmux server (its
/// own socket), read back with `tmux capture-pane`: full-screen programs tested on a real
/// terminal. Everything it started is ended by id when it goes away.
public final class TmuxSession {
    /// Where tmux is, if it is installed (Scripts/install-deps.sh installs it for `make test`).
    public static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { (path: String) in access(path, X_OK) == 0 }

    private let socket: String
    private var serverPID: pid_t = 0
    private var panePID: pid_t = 0
    private var socketPath = ""

    /// Starts `command` (a shell command line) in a `width` × `height` window.
    public init(command: String, width: Int = 80, height: Int = 24) throws {
        var random = SplitMix(seed: UInt64(MonotonicClock.now()))
        socket = "forcebridge-test-\(getpid())-\(random.next() % 1_000_000)"
        // The server outlives this call: it must not inherit a pipe we wait on.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "main", command], capturing: false)
        let facts = try tmux(["display-message", "-p", "-t", "main", "#{pid} #{pane_pid} #{socket_path}"])
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        guard facts.count == 3 else { throw Failure(description: "tmux did not start: \(facts)") }
        serverPID = pid_t(facts[0]) ?? 0
        panePID = pid_t(facts[1]) ?? 0
        socketPath = facts[2]
    }

    deinit {
        if panePID > 0 { kill(-panePID, SIGKILL) }
        _ = try? tmux(["kill-server"])
        if serverPID > 0 { kill(serverPID, SIGKILL) }
        if socketPath.contains("forcebridge-test-") { unlink(socketPath) }
    }

    /// The visible screen (wrapped lines joined), trailing spaces and blank last lines removed.
    public func screen() throws -> String {
        var lines = try tmux(["capture-pane", "-p", "-J", "-t", "main"]).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Polls the screen every `interval` seconds until `condition` holds (or `timeout` seconds
    /// pass) and returns it. Each look runs `tmux`: polling gently leaves the program under test
    /// the processor (it matters on a slow guest).
    public func waitForScreen(timeout: Double = TestTimeout.seconds, interval: Double = 0.1, _ condition: (String) -> Bool) throws -> String {
        let deadline = MonotonicClock.now() + Int64(timeout * 1_000_000)
        let loop = try EventLoop()
        var last = try screen()
        while !condition(last) && MonotonicClock.now() < deadline {
            try loop.runOnce(timeout: .milliseconds(Int(interval * 1000)))
            last = try screen()
        }
        return last
    }

    /// Types `keys` (tmux key names or text).
    public func send(_ keys: String...) throws { try tmux(["send-keys", "-t", "main"] + keys) }

    @discardableResult
    private func tmux(_ arguments: [String], capturing: Bool = true) throws -> String {
        guard let executable = Self.executable else { throw Failure(description: "tmux is not installed") }
        let child = try ChildProcess(executable, ["-L", socket] + arguments)
        child.wait()
        return capturing ? child.standardOutput : ""
    }

    /// tmux did not do what the test needs.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }
}
