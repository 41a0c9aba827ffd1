/// A JSON value as `JSONParser` read it, with where it starts in the text (and where each of an
/// object's keys does), so that a reader can say exactly where a problem is. `jsonValue` is the
/// same value without the positions.
public struct JSONNode: Sendable {
    /// The value; arrays and objects hold nodes.
    public enum Value: Sendable {
        /// An object, its members in the order of the text.
        case object([Member])
        /// An array.
        case array([JSONNode])
        /// A string.
        case string(String)
        /// A number (JSON has one kind).
        case number(Double)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
    }

    /// One `"key": value` of an object.
    public struct Member: Sendable {
        /// The key.
        public var key: String
        /// Where the key starts (its opening quote).
        public var keyLocation: TextPosition
        /// The value.
        public var value: JSONNode

        /// Creates a member.
        public init(key: String, keyLocation: TextPosition, value: JSONNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    /// The value.
    public var value: Value
    /// Where the value starts.
    public var location: TextPosition

    /// Creates a node.
    public init(value: Value, location: TextPosition) {
        self.value = value
        self.location = location
    }

    /// The value of member `key`, when this is an object that has it.
    public func member(_ key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value without positions.
    public var jsonValue: JSONValue {
        switch value {
        case .object(let members): return .object(members.map { JSONMember($0.key, $0.value.jsonValue) })
        case .array(let elements): return .array(elements.map(\.jsonValue))
        case .string(let text): return .string(text)
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        }
    }

    /// What kind of value this is, for messages: `a string`, `an object`.
    public var kindName: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// The value in words, for messages: `the string "15"`, `the number 2.0`, `true`, `an object`.
    public var summary: String {
        switch value {
        case .object, .array: return kindName
        case .string(let text): return "the string \(Self.quoted(text))"
        case .number(let number): return "the number \(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    /// A key or string from the file for a one-line message: a JSON string literal, cut after 40
    /// characters.
    package static func quoted(_ text: String) -> String {
        guard text.count > 40 else { return JSONText.quoted(text) }
        return String(JSONText.quoted(String(text.prefix(40))).dropLast()) + "…\""
    }

    /// A key for a path in a message (`Pattern[0].Event.Tiem`): as `quoted`, without the quotes.
    package static func escaped(_ text: String) -> String {
        String(quoted(text).dropFirst().dropLast())
    }
}
