import ForceCore
import Testing

/// Typed reading of parsed JSON, which every document reader builds on: values of the type asked
/// for, or the reader's own error at the element's line and column, naming its path.
@Suite("JSON typed reading")
struct JSONNodeReadingTests {
    /// A reader's error, as `AHAPError` and the others are made.
    struct ReadingError: JSONElementError, Equatable, CustomStringConvertible {
        var location: TextPosition
        var path: String
        var message: String

        static func problem(at location: TextPosition, path: String, message: String) -> ReadingError {
            ReadingError(location: location, path: path, message: message)
        }

        var description: String { "\(location): \(path): \(message)" }
    }

    /// An error whose mismatches read as `ProfileError`'s do.
    struct FoundError: JSONElementError, Equatable {
        var location: TextPosition
        var message: String

        static func problem(at location: TextPosition, path: String, message: String) -> FoundError {
            FoundError(location: location, message: "\(path): \(message)")
        }

        static func mismatch(_ node: JSONNode, path: String, expected: String) -> FoundError {
            problem(at: node.location, path: path, message: "expected \(expected), found \(node.jsonValue.jsonText)")
        }
    }

    private let document = """
        {
          "name": "pen",
          "size": 2.5, "on": true,
          "list": [1, "two", null],
          "weird key\\n\\"x\\"": {}
        }
        """

    private func root() throws -> JSONNode {
        var parser = JSONParser(Array(document.utf8))
        return try parser.parseDocument()
    }

    @Test("values of the type asked for")
    func values() throws {
        let root = try root()
        let members = try root.objectMembers(path: "", as: ReadingError.self)
        #expect(members.map(\.key) == ["name", "size", "on", "list", "weird key\n\"x\""])
        #expect(try members["name"]?.stringValue(path: "name", as: ReadingError.self) == "pen")
        #expect(try members["size"]?.numberValue(path: "size", as: ReadingError.self) == 2.5)
        #expect(try members["on"]?.boolValue(path: "on", as: ReadingError.self) == true)
        #expect(try members["list"]?.arrayElements(path: "list", as: ReadingError.self).count == 3)
        #expect(members["absent"] == nil && root.member("absent") == nil)
        #expect(root.member("list")?.member("name") == nil, "an array has no members")
    }

    @Test("a value of another type is the reader's error, at the value, naming its path and what it is")
    func mismatches() throws {
        let root = try root()
        let list = try #require(root.member("list"))
        let elements = try list.arrayElements(path: "list", as: ReadingError.self)
        #expect(throws: ReadingError(location: TextPosition(line: 4, column: 15), path: "list[1]", message: "is the string \"two\"; expected a number")) {
            try elements[1].numberValue(path: JSONNode.path("list", 1), as: ReadingError.self)
        }
        #expect(throws: ReadingError(location: TextPosition(line: 4, column: 22), path: "list[2]", message: "is null; expected true or false")) {
            try elements[2].boolValue(path: JSONNode.path("list", 2), as: ReadingError.self)
        }
        #expect(throws: ReadingError(location: TextPosition(line: 4, column: 11), path: "list", message: "is an array; expected a list of names")) {
            try list.objectMembers(path: "list", expected: "a list of names", as: ReadingError.self)
        }
        #expect(throws: ReadingError(location: TextPosition(line: 3, column: 11), path: "size", message: "is the number 2.5; expected a string")) {
            try root.member("size")?.stringValue(path: "size", as: ReadingError.self)
        }
        #expect(throws: ReadingError(location: TextPosition(line: 3, column: 22), path: "on", message: "is true; expected an array")) {
            try root.member("on")?.arrayElements(path: "on", as: ReadingError.self)
        }
        #expect(throws: FoundError(location: TextPosition(line: 2, column: 11), message: "name: expected a number, found \"pen\"")) {
            try root.member("name")?.numberValue(path: "name", as: FoundError.self)
        }
    }

    @Test("paths name keys as JSON escapes them, and array elements by index")
    func paths() throws {
        let key = try #require(try root().objectMembers(path: "", as: ReadingError.self).last?.key)
        #expect(JSONNode.path("", key) == #"weird key\n\"x\""#)
        #expect(JSONNode.path("profiles", 3) == "profiles[3]")
        #expect(JSONNode.path(JSONNode.path("profiles", 3), "curve") == "profiles[3].curve")
        #expect(JSONNode.path("", String(repeating: "k", count: 50)) == String(repeating: "k", count: 40) + "…")
    }

    @Test("a node describes itself for messages, and drops its positions as a value")
    func summaries() throws {
        let root = try root()
        #expect(root.summary == "an object" && root.kindName == "an object")
        #expect(root.member("name")?.summary == "the string \"pen\"" && root.member("name")?.kindName == "a string")
        #expect(root.member("size")?.summary == "the number 2.5" && root.member("on")?.kindName == "a boolean")
        #expect(root.jsonValue["list"] == .array([.number(1), .string("two"), .null]))
    }
}
