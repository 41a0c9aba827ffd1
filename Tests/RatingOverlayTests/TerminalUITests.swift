import Foundation
import ForceTestSupport
import Testing
@testable import ForceCore
@testable import RatingOverlay

/// Whether tmux can be run (Scripts/install-deps.sh installs it for `make test`).
private let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// The real full-screen UI, run in a detached tmux session of a fixed size and read back with
/// `tmux capture-pane -p`.
@Suite("forcebridge rate on a terminal (tmux)", .serialized, .enabled(if: tmuxPath != nil, "tmux is not installed"))
struct TerminalUITests {
    /// One private tmux server (its own socket) running one command in an 80 × 24 window.
    private final class TmuxSession {
        let socket = "forcebridge-test-\(UUID().uuidString.prefix(8))"
        private var serverPID: pid_t = 0
        private var panePID: pid_t = 0
        private var socketPath = ""

        init(command: String) throws {
            // The server outlives this call: it must not inherit a pipe we wait on.
            try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "-s", "rate", command], capturing: false)
            let facts = try tmux(["display-message", "-p", "-t", "rate", "#{pid} #{pane_pid} #{socket_path}"])
                .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 2).map(String.init)
            guard facts.count == 3 else { throw TmuxFailure(description: "tmux did not start: \(facts)") }
            serverPID = pid_t(facts[0]) ?? 0
            panePID = pid_t(facts[1]) ?? 0
            socketPath = facts[2]
        }

        /// Ends what this session started, by id: the pane's process group, then the server.
        deinit {
            if panePID > 0 { kill(-panePID, SIGKILL) }
            _ = try? tmux(["kill-server"])
            if serverPID > 0 { kill(serverPID, SIGKILL) }
            if socketPath.contains("forcebridge-test-") { unlink(socketPath) }
        }

        @discardableResult
        func tmux(_ arguments: [String], capturing: Bool = true) throws -> String {
            let child = try ChildProcess(tmuxPath!, ["-L", socket] + arguments)
            child.wait(seconds: 30)
            return capturing ? child.standardOutput : ""
        }

        /// The visible screen (wrapped lines joined), trailing spaces and blank last lines removed.
        func screen() throws -> String {
            let lines = try tmux(["capture-pane", "-p", "-J", "-t", "rate"]).split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0.reversed().drop { $0 == " " }.reversed()) }
            var trimmed = lines
            while trimmed.last == "" { trimmed.removeLast() }
            return trimmed.joined(separator: "\n")
        }

        /// Polls the screen until `condition` holds (or `timeout` seconds pass) and returns it.
        func waitForScreen(timeout: Double = 30, _ condition: (String) -> Bool) throws -> String {
            let deadline = Date().addingTimeInterval(timeout)
            var last = ""
            while Date() < deadline {
                last = try screen()
                if condition(last) { return last }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return last
        }

        func send(_ keys: String...) throws { try tmux(["send-keys", "-t", "rate"] + keys) }
    }

    /// The screen the renderer gives for `overlay` at 80 × 24 with `notice`, as tmux shows it.
    private func expectedScreen(_ overlay: RatingOverlay, notice: String) -> String {
        OverlayRenderer(title: "Wacom Intuos Pro M Pen").render(overlay, width: 80, height: 24, notice: notice).text
    }

    @Test func theReplayedRatingAppearsOnTheRealScreen() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let command = "cd '\(Repository.root)' && XDG_DATA_HOME='\(home.path)' '\(Repository.forcebridge)' rate --replay recordings/stylus-commit.evemu --speed 4; echo \"exited $?\"; read line"
        let tmux = try TmuxSession(command: command)

        // The same session in-process gives the screen to expect once the input has ended.
        let session = try RecordingSession("stylus-commit.evemu")
        let notice = "end of input; q quits, arrows scroll"
        let final = expectedScreen(session.overlay, notice: notice)
        let shown = try tmux.waitForScreen { $0.contains(notice) }
        #expect(shown == final)
        #expect(shown.contains("Rated 🐙 👍"))
        #expect(shown.contains("└────── 👍 ───────┘"))

        // j scrolls down a row; the rows below load and the screen follows.
        try tmux.send("j")
        session.overlay.scroll(by: 1)
        session.overlay.advance(to: session.overlay.time + 10_000_000)
        let scrolled = expectedScreen(session.overlay, notice: notice)
        #expect(try tmux.waitForScreen { $0 == scrolled } == scrolled)

        // q leaves the alternate screen and prints the ratings.
        try tmux.send("q")
        let after = try tmux.waitForScreen { $0.contains("exited") }
        #expect(after.contains("Ratings: 🐙 👍 (saved to \(home.path)/forcebridge/ratings.json)\nexited 0"))
        #expect(FileManager.default.contents(atPath: home.path + "/forcebridge/ratings.json") == RatingStore.encode(["🐙": .up]))
    }
}

/// tmux did not do what the test needs.
private struct TmuxFailure: Error, CustomStringConvertible {
    var description: String
}
