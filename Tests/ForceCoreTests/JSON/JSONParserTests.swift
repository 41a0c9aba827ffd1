import ForceCore
import ForceTestSupport
import Testing

/// The package's one JSON reader: values with their positions, syntax errors with line, column
/// and what was expected, jsonl lines read in place, and no crash on any input.
@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String, acceptingTrailingCommas: Bool = false) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(Array(text.utf8), acceptsTrailingCommas: acceptingTrailingCommas)
        return try parser.parseDocument()
    }

    @Test("reads every kind of value, keeping the members' order")
    func readsValues() throws {
        let value = try JSONValue(parsing: #" {"b":1,"a":-2.5e-3,"s":"é\"\\\/\u00e9\ud83d\ude00\n\b\f\r\t","t":true,"f":false,"n":null,"l":[1,[2],{}],"o":{"x":0}} "#)
        #expect(value.members?.map(\.key) == ["b", "a", "s", "t", "f", "n", "l", "o"])
        #expect(value["b"] == .number(1))
        #expect(value["a"] == .number(-0.0025))
        #expect(value["s"] == .string("é\"\\/é😀\n\u{08}\u{0C}\r\t"))
        #expect(value["t"] == .bool(true) && value["f"] == .bool(false) && value["n"] == .null)
        #expect(value["l"] == .array([.number(1), .array([.number(2)]), .object([])]))
        #expect(value["o"]?["x"] == .number(0))
    }

    @Test("every value and key knows its line and column (columns count UTF-8 bytes)")
    func positions() throws {
        let root = try parse("{\n  \"é\": [1,\n    {\"k\": null}],\r\n\t\"s\": \"x\"\n}")
        #expect(root.location == TextPosition(line: 1, column: 1))
        guard case .object(let members) = root.value, case .array(let elements) = members[0].value.value else {
            Issue.record("expected an object holding an array, found \(root.jsonValue)")
            return
        }
        #expect(members[0].keyLocation == TextPosition(line: 2, column: 3))
        #expect(members[0].value.location == TextPosition(line: 2, column: 9))
        #expect(elements[0].location == TextPosition(line: 2, column: 10))
        #expect(elements[1].location == TextPosition(line: 3, column: 5))
        #expect(elements[1].member("k")?.location == TextPosition(line: 3, column: 11))
        #expect(members[1].keyLocation == TextPosition(line: 4, column: 2))
        #expect(members[1].value.location == TextPosition(line: 4, column: 7))
    }

    @Test("what it writes, compact or indented, it reads back")
    func roundTrip() throws {
        let value = JSONValue.object([
            JSONMember("name", .string("Wacom \"Pro\" \\ \u{01}\t\u{08}")), JSONMember("force", .number(0.1 + 0.2)),
            JSONMember("big", .number(1e300)), JSONMember("list", .array([.integer(-3), .null, .bool(true)])),
            JSONMember("nested", .array([.object([JSONMember("a", .array([]))]), .object([])])),
        ])
        #expect(try JSONValue(parsing: value.jsonText) == value)
        #expect(try JSONValue(parsing: value.indentedText) == value)
        #expect(JSONValue.number(2.0).jsonText == "2")
        #expect(JSONValue.number(0.12345678, decimals: 4).jsonText == "0.1235")
        #expect(JSONValue.number(.nan).jsonText == "null")
        #expect(value.indentedText == """
            {
              "name": "Wacom \\"Pro\\" \\\\ \\u0001\\t\\u0008",
              "force": 0.30000000000000004,
              "big": 1e+300,
              "list": [-3, null, true],
              "nested": [
                {
                  "a": []
                },
                {}
              ]
            }

            """)
    }

    static let malformed: [(text: String, expected: String)] = [
        ("", "1:1: the file is empty; expected a JSON object"),
        (" \n\t", "2:2: the file is empty; expected a JSON object"),
        ("{\"a\":1,}", "1:8: a trailing comma before '}' is not allowed in JSON"),
        ("[1,]", "1:4: a trailing comma before ']' is not allowed in JSON"),
        ("[1,,2]", "1:4: unexpected ','; expected a value (object, array, string, number, true, false or null)"),
        ("{\"a\":1 \"b\":2}", "1:8: unexpected '\"'; expected ',' or '}' after the value of \"a\""),
        ("[1 2]", "1:4: unexpected '2'; expected ',' or ']' after an array element"),
        ("{\"a\" 1}", "1:6: unexpected '1'; expected ':' after the key \"a\""),
        ("{\"a\":01}", "1:6: invalid number: leading zeros are not allowed in JSON"),
        ("{\"a\":1.}", "1:6: invalid number: '.' must be followed by digits"),
        ("{\"a\":1e}", "1:6: invalid number: the exponent has no digits"),
        ("{\"a\":-}", "1:6: invalid number: '-' must be followed by digits"),
        ("{\"a\":1e999}", "1:6: invalid number '1e999'"),
        ("{\"a\":tru}", "1:6: unexpected 't'; expected a value (did you mean true?)"),
        ("{\"a\":NaN}", "1:6: unexpected 'N'; expected a value (object, array, string, number, true, false or null)"),
        ("{\"a\":1}x", "1:8: unexpected 'x' after the end of the JSON value"),
        ("{\"a\":1,\"a\":2}", "1:8: the key \"a\" appears twice in the same object"),
        ("{\"a\":\"\u{01}\"}", "1:7: a control character (0x1) must be escaped in a string"),
        ("{\"a\":\"x\ny\"}", "1:6: unterminated string (the line ends before the closing '\"')"),
        ("{\"a\":\"abc", "1:6: unterminated string (no closing '\"')"),
        ("{\"a\":\"abc\\", "1:6: unterminated string (no closing '\"')"),
        (#"{"a":"\x"}"#, "1:7: invalid escape sequence '\\x' in a string"),
        (#"{"a":"\u12"}"#, "1:11: '\\u' must be followed by four hexadecimal digits"),
        (#"{"a":"\ud800"}"#, "1:7: a high surrogate \\ud800 must be followed by a low one"),
        (#"{"a":"\ud800\u0041"}"#, "1:7: expected a low surrogate after \\ud800"),
        (#"{"a":"x\udc00"}"#, "1:8: a lone low surrogate \\udc00 is not a character"),
        ("{'a':1}", "1:2: unexpected \"'\" (JSON strings use double quotes); expected a key in double quotes"),
        ("{ // note\n}", "1:3: unexpected '/' (comments are not allowed in JSON); expected a key in double quotes"),
        ("{\"a\":\u{7F}}", "1:6: unexpected byte 0x7f; expected a value (object, array, string, number, true, false or null)"),
        ("{\"a\":", "1:6: unexpected end of file; expected a value"),
        ("[", "1:2: unexpected end of file; expected a value"),
    ]

    @Test("malformed text gives the line, the column and what was expected", arguments: malformed.indices)
    func malformedText(index: Int) {
        let (text, expected) = Self.malformed[index]
        #expect {
            _ = try parse(text)
        } throws: { error in
            (error as? JSONSyntaxError)?.description == expected
        }
    }

    @Test("a line of a jsonl stream is read in place: positions on its line, the end is the line's")
    func jsonlLines() throws {
        let text = Array("{\"type\":\"device\"}\n{\"type\":\"touch\",\"time\":}\n{\"a\":[1,\n".utf8)
        var parser = JSONParser(text)
        #expect(try parser.parseLine(0..<17, number: 1).member("type")?.location == TextPosition(line: 1, column: 9))
        #expect(throws: JSONSyntaxError(location: TextPosition(line: 2, column: 24),
                                        message: "unexpected '}'; expected a value (object, array, string, number, true, false or null)")) {
            try parser.parseLine(18..<42, number: 2)
        }
        #expect(throws: JSONSyntaxError(location: TextPosition(line: 3, column: 9), message: "unexpected end of the line; expected a value")) {
            try parser.parseLine(43..<51, number: 3)
        }
        #expect(throws: JSONSyntaxError(location: TextPosition(line: 7, column: 1), message: "the line is empty; expected a JSON object")) {
            try parser.parseLine(17..<17, number: 7)
        }
        // After errors, the same parser reads the next line whole.
        #expect(try parser.parseLine(0..<17, number: 9).jsonValue == .object([JSONMember("type", .string("device"))]))
    }

    @Test("trailing commas are refused, or accepted with a warning naming the element where asked")
    func trailingCommas() throws {
        let text = "{\"Pattern\": [{\"Event\": {\"Time\": 0,},},\n],}"
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
        var parser = JSONParser(Array(text.utf8), acceptsTrailingCommas: true)
        let root = try parser.parseDocument()
        #expect(root.member("Pattern")?.jsonValue == .array([.object([JSONMember("Event", .object([JSONMember("Time", .number(0))]))])]))
        #expect(parser.warnings.map(\.description) == [
            "1:34: Pattern[0].Event: trailing comma before '}'; accepted as Core Haptics accepts it (strict JSON readers reject it)",
            "1:36: Pattern[0]: trailing comma before '}'; accepted as Core Haptics accepts it (strict JSON readers reject it)",
            "1:38: Pattern: trailing comma before ']'; accepted as Core Haptics accepts it (strict JSON readers reject it)",
            "2:2: trailing comma before '}'; accepted as Core Haptics accepts it (strict JSON readers reject it)",
        ])
    }

    @Test("a byte order mark is skipped at the start of a file")
    func byteOrderMark() throws {
        var parser = JSONParser([0xEF, 0xBB, 0xBF] + Array("{\"a\": x}".utf8))
        #expect(throws: JSONSyntaxError(location: TextPosition(line: 1, column: 7),
                                        message: "unexpected 'x'; expected a value (object, array, string, number, true, false or null)")) {
            try parser.parseDocument()
        }
    }

    @Test("a repeated key is found among many")
    func repeatedKeyAmongMany() {
        let members = (0..<40).map { "\"k\($0)\": \($0)" } + ["\"k25\": 0"]
        let text = "{" + members.joined(separator: ", ") + "}"
        #expect(throws: JSONSyntaxError(location: TextPosition(line: 1, column: text.utf8.count - 8), message: "the key \"k25\" appears twice in the same object")) {
            try parse(text)
        }
        #expect(throws: Never.self) { try parse("{" + members.dropLast().joined(separator: ", ") + "}") }
    }

    @Test("deep nesting is refused, not a stack overflow")
    func deepNesting() {
        #expect(throws: JSONSyntaxError(location: TextPosition(line: 1, column: 257), message: "nested more than 256 levels deep")) {
            try parse(String(repeating: "[", count: 100_000))
        }
        #expect(throws: Never.self) { try parse(String(repeating: "[", count: 256) + String(repeating: "]", count: 256)) }
    }

    @Test("numbers read as Swift reads their text, to the last bit")
    func numbers() throws {
        var generator = SeededGenerator(seed: 27)
        var texts = ["0", "-0", "0.1", "0.30000000000000004", "1e22", "1e23", "9007199254740992", "9007199254740993",
                     "123456789012345678901234567890", "0.000000000000000000000000000001", "4.9e-324", "2.2250738585072014e-308",
                     "1.7976931348623157e308", "1E+2", "1e-400", "12.5000000000000000000001", "100000000000000000000000e-22"]
        for _ in 0..<20_000 {
            let digits = String((0..<Int.random(in: 1...20, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            let integer = digits.drop { $0 == "0" }
            var text = integer.isEmpty ? "0" : String(integer)
            if Bool.random(using: &generator) { text += "." + String((0..<Int.random(in: 1...20, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! }) }
            if Bool.random(using: &generator) { text += "e" + String(Int.random(in: -40...40, using: &generator)) }
            texts.append(Bool.random(using: &generator) ? "-" + text : text)
        }
        for text in texts {
            let parsed = try JSONValue(parsing: text).number
            #expect(parsed?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test("random bytes and mutated lines give a value or an error, never a crash")
    func neverCrashes() {
        var generator = SeededGenerator(seed: 15)
        let alphabet = Array(#"{}[]":,.-+eE0123456789 tfnulrs\"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF, 0xEF, 0xBB, 0xBF]
        let sample = Array(#"{"type":"touch","time":0.5,"id":1,"phase":"moved","x":1.5,"force":[1,{"a":null}],"ok":true,"s":"\u00e9\n"}"#.utf8)
        var parsed = 0
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            } else {
                bytes = sample
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let position = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: bytes[position] = alphabet.randomElement(using: &generator)!
                    case 1: bytes.remove(at: position)
                    default: bytes.insert(alphabet.randomElement(using: &generator)!, at: position)
                    }
                    if bytes.isEmpty { break }
                }
            }
            var document = JSONParser(bytes, acceptsTrailingCommas: round % 4 == 1)
            if (try? document.parseDocument()) != nil { parsed += 1 }
            var line = JSONParser(bytes)
            _ = try? line.parseLine(bytes.count / 2..<bytes.count, number: round)
        }
        #expect(parsed > 0)
    }
}
