import ForceCore
import ForceTestSupport
import Testing
@testable import RatingOverlay

@Suite("ScreenBuffer and TerminalWidth")
struct ScreenBufferTests {
    @Test func widthsFollowTerminals() {
        #expect(TerminalWidth.columns(of: "a") == 1)
        #expect(TerminalWidth.columns(of: "👍") == 2)
        #expect(TerminalWidth.columns(of: "❤️") == 2)
        #expect(TerminalWidth.columns(of: "❤") == 1)
        #expect(TerminalWidth.columns(of: "字") == 2)
        #expect(TerminalWidth.columns(of: "─") == 1)
        #expect(TerminalWidth.columns(of: "░") == 1)
        #expect(EmojiCatalog.standard.allSatisfy { TerminalWidth.columns(of: Character($0)) == 2 && $0.unicodeScalars.count == 1 })
        #expect(Set(EmojiCatalog.standard).count == EmojiCatalog.standard.count)
    }

    @Test func wideCharactersTakeTwoCells() {
        var screen = ScreenBuffer(width: 6, height: 1)
        let end = screen.draw("a👍b", row: 0, column: 0)
        #expect(end == 4)
        #expect(screen[0, 1].character == "👍" && screen[0, 1].isWide)
        #expect(screen[0, 2].isContinuation)
        #expect(screen[0, 3].character == "b")
        #expect(screen.line(0) == "a👍b")
    }

    @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
        var screen = ScreenBuffer(width: 6, height: 1)
        screen.draw("👍👎", row: 0, column: 0)
        screen.draw("x", row: 0, column: 1)
        #expect(screen.line(0) == " x👎")
        #expect(!screen[0, 1].isContinuation)
        screen.draw("y", row: 0, column: 2)
        #expect(screen.line(0) == " xy")
        #expect(!screen[0, 3].isContinuation)
        screen.draw("🐙", row: 0, column: 1)
        #expect(screen.line(0) == " 🐙")
    }

    @Test func aWideCharacterAtTheRightEdgeBecomesASpace() {
        var screen = ScreenBuffer(width: 3, height: 1)
        screen.draw("ab👍", row: 0, column: 0)
        #expect(screen.line(0) == "ab")
        #expect(!screen[0, 2].isContinuation)
    }

    @Test func drawingOffScreenIsClipped() {
        var screen = ScreenBuffer(width: 4, height: 2)
        screen.draw("abcdef", row: 1, column: 2)
        screen.draw("z", row: 5, column: 0)
        screen.draw("z", row: 0, column: -1)
        #expect(screen.text == "\n  ab")
    }
}

@Suite("TerminalPresenter: only what changed is redrawn")
struct TerminalPresenterTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func theFirstFrameClearsAndLaterFramesSendOnlyChanges() {
        var presenter = TerminalPresenter()
        var screen = ScreenBuffer(width: 10, height: 3)
        screen.draw("hi", row: 1, column: 2)
        var output: [UInt8] = []
        presenter.present(screen, into: &output)
        #expect(output == bytes("\u{1b}[0m\u{1b}[2J\u{1b}[H\u{1b}[2;3Hhi"))

        output.removeAll()
        presenter.present(screen, into: &output)
        #expect(output.isEmpty)

        screen.draw("o", row: 1, column: 3)
        screen.draw("X", row: 2, column: 9, style: TextStyle(foreground: .indexed(11), isBold: true))
        presenter.present(screen, into: &output)
        #expect(output == bytes("\u{1b}[2;4Ho\u{1b}[3;10H\u{1b}[0;1;38;5;11mX\u{1b}[0m"))
    }

    @Test func wideCharactersAreRedrawnWhole() {
        var presenter = TerminalPresenter()
        var screen = ScreenBuffer(width: 6, height: 1)
        screen.draw("a👍b", row: 0, column: 0)
        var output: [UInt8] = []
        presenter.present(screen, into: &output)

        // Only the right half of 👍 changes: the terminal would lose the left half, so both go.
        output.removeAll()
        screen.draw("x", row: 0, column: 2)
        #expect(screen.line(0) == "a xb")
        presenter.present(screen, into: &output)
        #expect(output == bytes("\u{1b}[1;2H x"))

        // A narrow character becomes wide: the emoji is drawn from its first column.
        output.removeAll()
        screen.draw("👎", row: 0, column: 2)
        presenter.present(screen, into: &output)
        #expect(output == bytes("\u{1b}[1;3H👎"))
    }

    @Test func aResizeRedrawsEverything() {
        var presenter = TerminalPresenter()
        var output: [UInt8] = []
        presenter.present(ScreenBuffer(width: 4, height: 1), into: &output)
        output.removeAll()
        var bigger = ScreenBuffer(width: 5, height: 1)
        bigger.draw("ok", row: 0, column: 0)
        presenter.present(bigger, into: &output)
        #expect(output == bytes("\u{1b}[0m\u{1b}[2J\u{1b}[H\u{1b}[1;1Hok"))
    }

    /// Random frames full of wide and narrow characters: the terminal always ends up showing
    /// exactly the presented buffer.
    @Test(arguments: [1, 2, 3, 4, 5])
    func diffsReproduceEveryFrame(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let glyphs: [Character] = ["a", "b", " ", "░", "─", "👍", "👎", "🐙", "字"]
        let styles = [TextStyle.plain, TextStyle(foreground: .gray(5)), TextStyle(foreground: .indexed(15), background: .indexed(28), isBold: true)]
        var presenter = TerminalPresenter()
        var terminal = VirtualTerminal(width: 13, height: 4)
        var screen = ScreenBuffer(width: 13, height: 4)
        for _ in 0..<200 {
            for _ in 0..<Int(random.next() % 8) {
                let glyph = glyphs[Int(random.next() % UInt64(glyphs.count))]
                let style = styles[Int(random.next() % UInt64(styles.count))]
                screen.draw(glyph, row: Int(random.next() % 4), column: Int(random.next() % 13), style: style)
            }
            var output: [UInt8] = []
            presenter.present(screen, into: &output)
            terminal.feed(output)
            #expect(terminal.screen == screen)
            if terminal.screen != screen { break }
        }
    }
}
