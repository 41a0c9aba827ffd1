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

extension YAMLParserFuzzFindingsTests {
    /// Found by fuzzing (Corpus/libinput-record/second-colon-quoted-key.yml): a key holding a line
    /// break, quoted raw in the messages about its line, broke the message over two lines.
    @Test(arguments: [
        ("\"x\\ny\": 1\\ny\": 1\n", "a second ':' on the line of key 'x\\u{a}y'; a nested mapping starts on the next line, indented"),
        ("\"x\\ny\": - 1\n", "a list entry ('- ') on the line of key 'x\\u{a}y'; start the list on the next line"),
        ("\"\": a: b\n", "a second ':' on the line of key ''; a nested mapping starts on the next line, indented"),
    ])
    func keysInMessagesAreQuotedOnOneLine(text: String, problem: String) {
        #expect(throws: YAMLSyntaxError.syntax(line: 1, problem)) { try YAMLParser.parse(Array(text.utf8)) }
    }

    /// The same for device names listed when a device index is out of range.
    @Test func deviceNamesInMessagesStayOnOneLine() throws {
        let text = "version: 1\ndevices:\n- evdev:\n    name: \"a\\nb\"\n"
        let error = #expect(throws: RecordingError.self) {
            _ = try LibinputRecordReader(bytes: Array(text.utf8), path: "names.yml", device: 3)
        }
        #expect(error?.description == "names.yml: has no device 3; it holds 1: 0: \"a\\u{a}b\" (other)")
    }
}
