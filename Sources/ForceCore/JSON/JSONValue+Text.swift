/// JSON text of a value, in two styles: compact (a jsonl line, a value in a message) and indented
/// (a settings file a person edits). Strings are escaped by `JSONText`; numbers are written the
/// shortest way that reads back exactly.
extension JSONValue {
    /// The value as compact JSON text (no spaces), as a jsonl line holds it.
    public var jsonText: String {
        var text = ""
        appendCompact(to: &text)
        return text
    }

    /// The value as a person would write it, ending in a newline: two-space indentation, one
    /// member per line, arrays of plain values on one line (`[0.1, 0.2]`), members in their order.
    public var indentedText: String {
        var text = ""
        appendIndented(indent: "", to: &text)
        return text + "\n"
    }

    /// A number the shortest way that reads back exactly: integers without a fraction,
    /// non-finite values (which JSON cannot hold) as `null`.
    static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
        return value.description
    }

    /// Whether the value is neither an object nor an array.
    private var isScalar: Bool {
        switch self {
        case .object, .array: return false
        default: return true
        }
    }

    private func appendCompact(to text: inout String) {
        switch self {
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.appendCompact(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                text += JSONText.quoted(member.key) + ":"
                member.value.appendCompact(to: &text)
            }
            text += "}"
        default:
            appendScalar(to: &text)
        }
    }

    private func appendIndented(indent: String, to text: inout String) {
        let inner = indent + "  "
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return text += "{}" }
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += inner + JSONText.quoted(member.key) + ": "
                member.value.appendIndented(indent: inner, to: &text)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        case .array(let elements) where elements.allSatisfy(\.isScalar):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                element.appendScalar(to: &text)
            }
            text += "]"
        case .array(let elements):
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += inner
                element.appendIndented(indent: inner, to: &text)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        default:
            appendScalar(to: &text)
        }
    }

    private func appendScalar(to text: inout String) {
        switch self {
        case .object, .array: appendCompact(to: &text)
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let value): text += Self.numberText(value)
        case .string(let value): text += JSONText.quoted(value)
        }
    }
}
