import Testing
@testable import ForceRecording

/// Inputs that fuzzing (Fuzz/, target libinput-record) found the YAML reader slow or wrong on;
/// each is also a seed in Fuzz/Corpus/libinput-record.
@Suite("YAML subset parser: fuzzing findings")
struct YAMLParserFuzzFindingsTests {
    /// A double-quoted scalar copied its text so far at each escape: a line of 200,000 escapes
    /// (400 kB, well under the 1 MiB line limit) took minutes. Now the text grows in place.
    @Test func aLineOfEscapesReadsInOnePass() throws {
        let count = 200_000
        let text = "name: \"a" + String(repeating: "\\t", count: count) + "b\\x41\"\n"
        let node = try #require(try YAMLParser.parse(Array(text.utf8)))
        let scalar = try #require(node.mapping?["name"]?.scalar)
        #expect(scalar.text == "a" + String(repeating: "\t", count: count) + "bA")
        #expect(scalar.style == .doubleQuoted)
    }

    @Test func anEscapeAfterPlainTextKeepsTheText() throws {
        let node = try #require(try YAMLParser.parse(Array("k: \"plain then \\\" quote\" # c\n".utf8)))
        #expect(node.mapping?["k"]?.scalar?.text == "plain then \" quote")
    }
}

extension YAMLParserFuzzFindingsTests {
    /// A repeated double-quoted key holding a line break broke the message over two lines.
    @Test func repeatedKeysAreQuotedOnOneLine() {
        let text = "\"a\\nb\": 1\n\"a\\nb\": 2\n\"\": 3\n\"\": 4\nc: 5\nc: 6\nd: 7\nd: 8\n"
        #expect(throws: YAMLSyntaxError(line: 3, message: "expected each key once in a mapping, found '', 'a\\u{a}b', 'c' (and 1 more) more than once")) {
            try YAMLParser.parse(Array(text.utf8))
        }
    }
}
