import Foundation
import ForceTestSupport
import Testing
@testable import ForceCore
@testable import RatingOverlay

@Suite("forcebridge rate on a terminal (tmux)", .serialized, .enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
struct TerminalUITests {
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
