import ForceCore

/// Writes JSON the way a person would: two-space indentation, one member per line, arrays of plain
/// values on one line, numbers without a needless `.0`. Members keep their order.
enum JSONText {
    /// `node` as text ending in a newline.
    static func document(_ node: JSONNode) -> String {
        var text = ""
        append(node, indent: "", to: &text)
        return text + "\n"
    }

    /// A JSON node without a place in a file (one being written).
    static func node(_ value: JSONNode.Value) -> JSONNode {
        JSONNode(value: value, location: TextPosition(line: 0, column: 0))
    }

    /// An object member without a place in a file.
    static func member(_ key: String, _ value: JSONNode.Value) -> JSONNode.Member {
        JSONNode.Member(key: key, keyLocation: TextPosition(line: 0, column: 0), value: node(value))
    }

    /// `value` as JSON writes a number: integers without a fraction, others in Swift's shortest
    /// form that reads back as the same `Double` (`0.05`, `1.4`, `1e-05`).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    private static func append(_ node: JSONNode, indent: String, to text: inout String) {
        switch node.value {
        case .object(let members):
            guard !members.isEmpty else { return text += "{}" }
            let inner = indent + "  "
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += inner + quoted(member.key) + ": "
                append(member.value, indent: inner, to: &text)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        case .array(let elements):
            if elements.allSatisfy(\.isScalar) {
                text += "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { text += ", " }
                    append(element, indent: indent, to: &text)
                }
                text += "]"
                return
            }
            let inner = indent + "  "
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += inner
                append(element, indent: inner, to: &text)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .string(let string): text += quoted(string)
        case .number(let value): text += number(value)
        case .bool(let flag): text += flag ? "true" : "false"
        case .null: text += "null"
        }
    }

    /// A JSON string literal (RFC 8259 escapes; everything else as UTF-8).
    static func quoted(_ string: String) -> String { JSONNode.literal(string) }
}

extension JSONNode {
    /// Whether the value is neither an object nor an array.
    var isScalar: Bool {
        switch value {
        case .object, .array: return false
        default: return true
        }
    }
}
