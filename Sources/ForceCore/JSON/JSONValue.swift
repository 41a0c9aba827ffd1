/// A JSON value without positions: what writers build (jsonl lines, reports, profile files) and
/// what comparisons compare. Objects keep their members in order, so a value read from text
/// (`JSONNode.jsonValue`) prints back in its order (`jsonText`, `indentedText`).
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (JSON has one kind).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in order.
    case object([JSONMember])

    /// The value of the JSON text `text`: one value, positions left out.
    /// - Throws: `JSONSyntaxError` with the line and column when `text` is not JSON.
    public init(parsing text: String) throws(JSONSyntaxError) {
        var parser = JSONParser(Array(text.utf8))
        self = try parser.parseDocument().jsonValue
    }

    /// The number, if this is one.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The string, if this is one.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The flag, if this is one.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    public var elements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, if this is an object.
    public var members: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The value of the member `key`, if this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        members?.first { $0.key == key }?.value
    }

    /// What kind of value this is, for messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A number rounded to `decimals` decimals, so that it prints with at most that many
    /// (an integer divided by a power of ten is the double nearest the decimal, which prints
    /// back as that decimal).
    public static func number(_ value: Double, decimals: Int) -> JSONValue {
        guard value.isFinite else { return .null }
        let scale = RoundedDecimal.powerOfTen(decimals)
        let scaled = (value * scale).rounded()
        guard scaled.magnitude < 9e15 else { return .number(value) }
        return .number(scaled / scale)
    }

    /// An optional number rounded to `decimals` decimals, `null` when absent.
    public static func number(_ value: Double?, decimals: Int) -> JSONValue {
        value.map { number($0, decimals: decimals) } ?? .null
    }

    /// An integer.
    public static func integer(_ value: Int) -> JSONValue { .number(Double(value)) }
}

/// One `"key": value` of a JSON object.
public struct JSONMember: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The value.
    public var value: JSONValue

    /// Creates a member.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
