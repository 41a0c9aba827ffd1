@testable import ForceAnalysis
import Testing

@Suite("JSON line parser")
struct JSONLineParserTests {
    @Test("reads an object with every kind of value, keeping the members' order")
    func readsValues() throws {
        let members = try JSONLineParser.parseObject(#" {"b":1,"a":-2.5e-3,"s":"é\"\\\u00e9\ud83d\ude00\n","t":true,"f":false,"n":null,"l":[1,[2],{}],"o":{"x":0}} "#)
        #expect(members.map(\.key) == ["b", "a", "s", "t", "f", "n", "l", "o"])
        #expect(members[0].value == .number(1))
        #expect(members[1].value == .number(-0.0025))
        #expect(members[2].value == .string("é\"\\é😀\n"))
        #expect(members[6].value == .array([.number(1), .array([.number(2)]), .object([])]))
        #expect(members[7].value["x"] == .number(0))
    }

    @Test("what it writes it reads back")
    func roundTrip() throws {
        let value = JSONValue.object([
            JSONMember("name", .string("Wacom \"Pro\" \\ \u{01}\t")), JSONMember("force", .number(0.1 + 0.2)),
            JSONMember("big", .number(1e300)), JSONMember("list", .array([.integer(-3), .null, .bool(true)])),
        ])
        let members = try JSONLineParser.parseObject(value.jsonText)
        #expect(JSONValue.object(members) == value)
        #expect(JSONValue.number(2.0).jsonText == "2")
        #expect(JSONValue.number(0.12345678, decimals: 4).jsonText == "0.1235")
        #expect(JSONValue.number(.nan).jsonText == "null")
    }

    static let malformed: [(line: String, column: Int, message: String)] = [
        ("", 1, "expected a JSON object, found an empty line"),
        ("[1]", 1, "expected a JSON object starting with '{', found '['"),
        (#"{"a":1,}"#, 8, "expected a key after ',' (JSON allows no trailing comma)"),
        (#"{"a":1 "b":2}"#, 8, "expected ',' or '}' after the value of \"a\", found '\"'"),
        (#"{"a":01}"#, 6, "a number may not have a leading zero"),
        (#"{"a":1.}"#, 8, "expected a digit after '.', found '}'"),
        (#"{"a":tru}"#, 6, "expected true, found 't'"),
        (#"{"a":1}x"#, 8, "expected the end of the line after the object, found 'x'"),
        (#"{"a":1,"a":2}"#, 8, "the key \"a\" appears twice in the object"),
        ("{\"a\":\"\u{01}\"}", 7, "a control character (0x1) must be escaped inside a string"),
        (#"{"a":"\x"}"#, 7, "'\\x' is not a JSON escape"),
        (#"{"a":"\ud800"}"#, 7, "a high surrogate \\ud800 must be followed by a low one"),
        (#"{"a":"abc"#, 6, "the string has no closing '\"'"),
        (#"{'a':1}"#, 2, "expected a key in double quotes, found '''"),
        (#"{"a":1e999}"#, 6, "the number 1e999 is out of range"),
        (#"{"a":NaN}"#, 6, "expected a value (object, array, string, number, true, false or null), found 'N'"),
    ]

    @Test("malformed lines give the column and what was expected", arguments: malformed.indices)
    func malformedLine(index: Int) {
        let (line, column, message) = Self.malformed[index]
        #expect(throws: JSONSyntaxError(column: column, message: message)) { try JSONLineParser.parseObject(line) }
    }

    @Test("deep nesting is refused, not a stack overflow")
    func deepNesting() {
        let line = "{\"a\":" + String(repeating: "[", count: 100_000) + "}"
        #expect(throws: JSONSyntaxError.self) { try JSONLineParser.parseObject(line) }
        let allowed = "{\"a\":" + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "}"
        #expect(throws: Never.self) { try JSONLineParser.parseObject(allowed) }
    }

    @Test("random bytes and mutated transcript lines give a value or an error, never a crash")
    func neverCrashes() {
        var generator = SeededGenerator(seed: 15)
        let alphabet = Array(#"{}[]":,.-+eE0123456789 tfnulrs\"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF]
        let sample = Array(#"{"type":"touch","time":0.5,"id":1,"phase":"moved","x":1.5,"force":[1,{"a":null}],"ok":true}"#.utf8)
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
            if (try? JSONLineParser.parseObject(String(decoding: bytes, as: UTF8.self))) != nil { parsed += 1 }
        }
        #expect(parsed > 0)
    }
}
