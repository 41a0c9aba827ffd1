import ForceCore
import ForceTestSupport
import Foundation
import Testing
@testable import ForceRecording

/// The YAML subset reader never traps: random text built from YAML's significant pieces, and
/// damaged copies of the libinput fixtures, either parse or fail with a line inside the text.
@Suite("YAML subset parser robustness")
struct YAMLParserRobustnessTests {
    static let pieces: [String] = [
        "\n", "\r\n", "\r", " ", "  ", "    ", "\t", "- ", "-", ":", ": ", "key", "evdev", "1", "-5", "0x1f", "#", " # c",
        "[", "]", "{", "}", ",", ", ", "\"", "\"q\"", "'", "''", "\\", "\\x4", "\\u00e9", "\\U0001F600", "---", "...",
        "&a", "*a", "!t", "|", ">", "?", "%", "@", "é", "\u{FEFF}", "\u{0}", "\u{7F}",
    ]

    @Test("random YAML-like text parses or fails with a line inside it")
    func randomText() {
        var generator = SplitMix(seed: 17)
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 60) {
                text += Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))]
            }
            check(Array(text.utf8))
        }
    }

    @Test("damaged copies of the libinput fixtures parse or fail with a line inside them",
          arguments: ["touchscreen-cancel.yml", "stylus-commit.yml"])
    func damagedFixtures(name: String) throws {
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
        var generator = SplitMix(seed: UInt64(name.utf8.count))
        let replacements = Array(" \t\n\r#:-,[]{}\"'\\&*!|>?%0a".utf8)
        for round in 0..<150 {
            var bytes = original
            let at = Int(generator.next() % UInt64(bytes.count))
            switch round % 3 {
            case 0: bytes.removeSubrange(at...)
            case 1: bytes[at] = replacements[Int(generator.next() % UInt64(replacements.count))]
            default: bytes.insert(replacements[Int(generator.next() % UInt64(replacements.count))], at: at)
            }
            check(bytes)
        }
    }

    private func check(_ bytes: [UInt8]) {
        let lines = 1 + bytes.count(where: { $0 == 10 || $0 == 13 })
        do throws(YAMLSyntaxError) {
            _ = try YAMLParser.parse(bytes)
        } catch {
            #expect((1...lines).contains(error.line), "line \(error.line) of \(lines): \(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }
}
