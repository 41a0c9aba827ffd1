import ForceCore
import ForceTestSupport
import Foundation
import Testing

/// ForceCore's trimming (no Foundation in the binary) removes exactly what Foundation's
/// character sets say: `.whitespaces` and `.whitespacesAndNewlines`.
@Suite struct TextTrimmingTests {
    /// Pieces that mix every kind of blank with text, combining marks and emoji.
    static let pieces: [String] = [
        " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2003}", "\u{2028}", "\u{2029}",
        "\u{3000}", "\u{200B}", "a", "é", "e\u{301}", "🙂", "x y", "\u{301}", "0.5",
    ]

    @Test func matchesFoundationOnRandomText() {
        var random = SplitMix(seed: 17)
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...8, using: &random)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func substringsTrimToo() {
        let line = "  gamma: 1.4\t\n"
        #expect(line.dropFirst().trimmingSpaces() == "gamma: 1.4\t\n".trimmingCharacters(in: .whitespaces))
        #expect(line.dropFirst().trimmingWhitespace() == "gamma: 1.4")
    }
}
