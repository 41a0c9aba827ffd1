import ForceTestSupport
import Testing
@testable import RatingOverlay

@Suite("KeyDecoder")
struct KeyDecoderTests {
    private func decode(_ text: String) -> [OverlayKey] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    @Test func lettersArrowsAndPageKeys() {
        #expect(decode("jkq") == [.down, .up, .quit])
        #expect(decode("\u{1b}[A\u{1b}[B\u{1b}OA") == [.up, .down, .up])
        #expect(decode("\u{1b}[5~\u{1b}[6~ gG\u{1b}[H\u{1b}[4~") == [.pageUp, .pageDown, .pageDown, .home, .end, .home, .end])
        #expect(decode("x\u{1b}[2~\u{1b}[C") == [])
    }

    @Test func sequencesSplitAcrossReadsWait() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1b}".utf8)) == [])
        #expect(decoder.decode(Array("[".utf8)) == [])
        #expect(decoder.decode(Array("6~".utf8)) == [.pageDown])
        #expect(decoder.flush() == [])
    }

    @Test func aLoneEscapeQuitsAfterAPause() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1b]) == [])
        #expect(decoder.flush() == [.quit])
        #expect(decode("\u{1b}x") == [.quit])
    }

    @Test func keysScrollByRowsAndScreens() {
        let layout = GridLayout()
        #expect(OverlayKey.down.scrollRows(in: layout) == 1)
        #expect(OverlayKey.pageUp.scrollRows(in: layout) == -3)
        #expect(OverlayKey.end.scrollRows(in: layout) == 9)
        #expect(OverlayKey.quit.scrollRows(in: layout) == nil)
    }
}
