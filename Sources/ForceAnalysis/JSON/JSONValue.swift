import ForceCore

/// A JSON value as read from (or written to) one line of a jsonl stream. Objects keep their
/// members in order, so a line prints back as it was written.
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

    /// The value as compact JSON text (no spaces), as a jsonl line holds it.
    public var jsonText: String {
        var text = ""
        append(to: &text)
        return text
    }

    private func append(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let value): text += Self.numberText(value)
        case .string(let value): Self.appendQuoted(value, to: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.append(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                Self.appendQuoted(member.key, to: &text)
                text += ":"
                member.value.append(to: &text)
            }
            text += "}"
        }
    }

    /// A number the shortest way that reads back exactly: integers without a fraction,
    /// non-finite values (which JSON cannot hold) as `null`.
    static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
        return value.description
    }

    private static func appendQuoted(_ value: String, to text: inout String) {
        text += JSONText.quoted(value)
    }
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
