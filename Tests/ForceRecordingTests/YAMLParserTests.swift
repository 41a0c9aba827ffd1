import Testing
@testable import ForceRecording

/// The YAML subset reader on its own: the constructs `libinput record` writes, their lines, and
/// the errors for everything else.
@Suite("YAML subset parser")
struct YAMLParserTests {
    @Test("block mappings and sequences, including a list at its key's indentation and compact entries")
    func blockStructure() throws {
        let node = try parse("""
            # libinput record
            version: 1
            ndevices: 2
            devices:
            - node: /dev/input/event3
              evdev:
                name: "AT Translated Set 2 keyboard"
              events:
              - evdev:
                - [  0,      0,   4,   4,      30] # EV_MSC / MSC_SCAN
                - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
            - node: /dev/input/event5
              nested:
                - - a
                  - b
                - c
            """)
        #expect(render(node) == """
            {version: 1, ndevices: 2, devices: [{node: /dev/input/event3, evdev: {name: AT Translated Set 2 keyboard}, \
            events: [{evdev: [[0, 0, 4, 4, 30], [0, 0, 0, 0, 0]]}]}, {node: /dev/input/event5, nested: [[a, b], c]}]}
            """)
    }

    @Test("flow collections span lines, hold flow mappings and allow a trailing comma")
    func flowCollections() throws {
        let node = try parse("""
            hid: [
              0x05, 0x0d, # a comment inside
              0x09, 0x04,
            ]
            libinput:
            - {time: 0.033333, type: TOUCH_DOWN, slot: 0, point: [ 54.11, 94.38]}
            empty: []
            nothing: {}
            quoted: {"a b": 'c, d', "e":f}
            """)
        #expect(render(node) == """
            {hid: [0x05, 0x0d, 0x09, 0x04], libinput: [{time: 0.033333, type: TOUCH_DOWN, slot: 0, point: [54.11, 94.38]}], \
            empty: [], nothing: {}, quoted: {a b: c, d, e: f}}
            """)
    }

    @Test("plain scalars keep colons, hashes and brackets that do not end them")
    func plainScalars() throws {
        let node = try parse("""
            - ID_PATH=pci-0000:00:15.1-platform-i2c_designware.1
            - dmi:bvnLENOVO:bvrN2HET60W   # a comment
            - a#b, [c] {d}
            - -5
            - key with spaces:   value with  spaces\t
            - http://example.org/a?b=c
            """)
        #expect(node.sequence?.items.map { render($0) } == [
            "ID_PATH=pci-0000:00:15.1-platform-i2c_designware.1", "dmi:bvnLENOVO:bvrN2HET60W", "a#b, [c] {d}", "-5",
            "{key with spaces: value with  spaces}", "http://example.org/a?b=c",
        ])
    }

    @Test("quoted scalars: escapes, doubled single quotes, and quotes as keys")
    func quotedScalars() throws {
        let node = try parse(#"""
            double: "tab\there \"quoted\" back\\slash \x41\u00e9\U0001F600 \/ \N\_"
            single: 'it''s # not a comment'
            "quoted key": ''
            empty: ""
            """#)
        let mapping = try #require(node.mapping)
        #expect(mapping["double"]?.scalar?.text == "tab\there \"quoted\" back\\slash Aé😀 / \u{85}\u{A0}")
        #expect(mapping["double"]?.scalar?.style == .doubleQuoted)
        #expect(mapping["single"]?.scalar?.text == "it's # not a comment")
        #expect(mapping["single"]?.scalar?.style == .singleQuoted)
        #expect(mapping["quoted key"]?.scalar?.text == "")
        #expect(mapping["empty"]?.scalar?.style == .doubleQuoted)
    }

    @Test("empty values are empty scalars on the line of their ':' or '-'")
    func emptyValues() throws {
        let node = try parse("""
            a:
            b:   # nothing
              # still nothing

            c: ~
            list:
            -
            - x
            """)
        let mapping = try #require(node.mapping)
        #expect(mapping["a"]?.scalar == YAMLScalar(text: "", style: .empty, line: 1))
        #expect(mapping["b"]?.scalar == YAMLScalar(text: "", style: .empty, line: 2))
        #expect(mapping["c"]?.scalar == YAMLScalar(text: "~", style: .plain, line: 5))
        #expect(mapping["list"]?.sequence?.items.map(\.line) == [7, 8])
        #expect(mapping["list"]?.sequence?.items.first?.scalar?.style == .empty)
    }

    @Test("every node knows its line: first key, first '-', bracket, scalar")
    func lines() throws {
        let node = try parse("""
            # comment

            top:
              # comment at another indentation
                  # and another
              inner: [1,
                2]
              list:
                - {a: 1}
            """)
        #expect(node.line == 3)
        let top = try #require(node.mapping?["top"])
        #expect(top.line == 6)
        #expect(top.mapping?.entries.map(\.key.line) == [6, 8])
        let inner = try #require(top.mapping?["inner"]?.sequence)
        #expect(inner.line == 6)
        #expect(inner.items.map(\.line) == [6, 7])
        #expect(top.mapping?["list"]?.line == 9)
    }

    @Test("document markers, a byte order mark, CRLF and lone CR line ends, comments only")
    func documentForms() throws {
        #expect(render(try parse("---\na: 1\n...\n# after\n")) == "{a: 1}")
        #expect(render(try parse("--- # start\n- 1\n")) == "[1]")
        #expect(render(try YAMLParser.parse([0xEF, 0xBB, 0xBF] + Array("a: 1\nb: [2]\n".utf8))) == "{a: 1, b: [2]}")
        let crlf = try #require(try YAMLParser.parse(Array("a: 1\r\nb:\r\n  - 2\r\nc: 3\rd: 4\r\n".utf8)))
        #expect(render(crlf) == "{a: 1, b: [2], c: 3, d: 4}")
        #expect(crlf.mapping?["d"]?.line == 5)
        #expect(try YAMLParser.parse(Array("# only a comment\n\n".utf8)) == nil)
        #expect(try YAMLParser.parse([]) == nil)
        #expect(try YAMLParser.parse(Array("---\n".utf8)) == nil)
    }

    static let malformed: [(text: String, line: Int, message: String)] = [
        ("a: {b: 1\n", 2, "did not find expected ',' or '}' (while parsing a flow mapping at line 1)"),
        ("a: [1, 2\nb: 3\n", 2, "did not find expected ',' or ']' (while parsing a flow sequence at line 1)"),
        ("a: [1,, 2]\n", 1, "did not find expected ',' or ']' (while parsing a flow sequence at line 1)"),
        ("a: [1, 2]]\n", 1, "']' follows a complete value on its line"),
        ("a:\n\t- 1\n", 2, "a tab indents this line (YAML indents with spaces only)"),
        ("a: 1\n  b: 2\n", 2, "'b: 2' is indented deeper than the keys of the mapping at line 1"),
        ("- 1\n  - 2\n", 2, "'- 2' is indented deeper than the entries of the list at line 1"),
        ("a: 1\n- 2\n", 2, "'- 2' where a key of the mapping at line 1 was expected"),
        ("a: 1\nb\n", 2, "'b' is not a 'key: value' entry of the mapping at line 1"),
        ("a: b: c\n", 1, "a second ':' on the line of key 'a'; a nested mapping starts on the next line, indented"),
        ("a: - 1\n", 1, "a list entry ('- ') on the line of key 'a'; start the list on the next line"),
        ("a: \"x\" y\n", 1, "'y' follows a complete value on its line"),
        ("a: \"open\n", 1, "the quoted text that starts on this line does not end on it (quoted text spanning lines is not supported)"),
        ("a: 'open\n", 1, "the quoted text that starts on this line does not end on it (quoted text spanning lines is not supported)"),
        ("a: \"\\q\"\n", 1, "'\\q' is not a YAML escape (in the double-quoted text at line 1)"),
        ("a: \"\\uD800\"\n", 1, "'\\u' is not followed by the hex digits of a Unicode character (in the double-quoted text at line 1)"),
        ("a: \"\\x4\"\n", 1, "'\\x' is not followed by the hex digits of a Unicode character (in the double-quoted text at line 1)"),
        ("a: &anchor 1\n", 1, "'&anchor 1' cannot start a value (anchors, aliases, tags, block scalars and directives are not part of libinput record YAML)"),
        ("a: |\n  text\n", 1, "'|' cannot start a value (anchors, aliases, tags, block scalars and directives are not part of libinput record YAML)"),
        ("%YAML 1.1\n---\na: 1\n", 1, "'%YAML 1.1' cannot start a value (anchors, aliases, tags, block scalars and directives are not part of libinput record YAML)"),
        ("[1]: a\n", 1, "a flow collection used as a key (keys are plain or quoted text)"),
        ("a: 1\n---\nb: 2\n", 2, "a second document starts here ('---'); a recording is one YAML document"),
        ("  a: 1\nb: 2\n", 2, "'b: 2' is outside the document's top-level node (indented less than its first line)"),
        ("a: [\n", 2, "did not find expected ',' or ']' (while parsing a flow sequence at line 1)"),
    ]

    @Test("malformed YAML: what went wrong and on which line", arguments: malformed.indices)
    func malformedYAML(index: Int) {
        let (text, line, message) = Self.malformed[index]
        #expect(throws: YAMLSyntaxError.syntax(line: line, message)) { try YAMLParser.parse(Array(text.utf8)) }
    }

    @Test("control characters and repeated keys are reported with their line")
    func unreadableAndRepeated() {
        #expect(throws: YAMLSyntaxError(line: 2, message: "expected UTF-8 YAML text, found unreadable bytes: control characters are not allowed")) {
            try YAMLParser.parse(Array("a: 1\nb: \u{7}\n".utf8))
        }
        #expect(throws: YAMLSyntaxError(line: 2, message: "expected each key once in a mapping, found 'a', 'b' more than once")) {
            try YAMLParser.parse(Array("c: 0\na: 1\nb: 2\na: 3\nb: 4\n".utf8))
        }
        #expect(throws: YAMLSyntaxError(line: 1, message: "expected each key once in a mapping, found 'x' more than once")) {
            try YAMLParser.parse(Array("{x: 1, \"x\": 2}".utf8))
        }
    }

    @Test("nesting deeper than the limit is an error, not a stack overflow")
    func deepNesting() {
        let depth = YAMLParser.maximumDepth
        #expect(throws: YAMLSyntaxError.self) { try YAMLParser.parse(Array(repeating: UInt8(ascii: "["), count: 100_000)) }
        #expect(throws: YAMLSyntaxError.self) { try YAMLParser.parse(Array(String(repeating: "- ", count: 100_000).utf8)) }
        #expect(throws: YAMLSyntaxError.self) { try YAMLParser.parse(Array(String(repeating: "{a: ", count: 100_000).utf8)) }
        let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try YAMLParser.parse(Array(deepest.utf8)) }
        let tooDeep = "[" + deepest + "]"
        #expect(throws: YAMLSyntaxError.syntax(line: 1, "more than \(depth) collections are nested here")) {
            try YAMLParser.parse(Array(tooDeep.utf8))
        }
    }

    // MARK: - Helpers

    private func parse(_ text: String) throws -> YAMLNode {
        try #require(try YAMLParser.parse(Array(text.utf8)))
    }

    /// A compact rendering: `{key: value, ...}`, `[item, ...]`, scalars as their text, empty as `~`.
    private func render(_ node: YAMLNode?) -> String {
        switch node {
        case nil: return "nil"
        case .scalar(let scalar)?: return scalar.style == .empty ? "~" : scalar.text
        case .sequence(let sequence)?: return "[" + sequence.items.map { render($0) }.joined(separator: ", ") + "]"
        case .mapping(let mapping)?:
            return "{" + mapping.entries.map { "\($0.key.text): \(render($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
