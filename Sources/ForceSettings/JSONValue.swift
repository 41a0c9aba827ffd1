import ForceCore

/// A profile file's JSON as plain Swift values, for the profile reader: objects are
/// `[String: Any]` (a repeated key keeps its last value), arrays `[Any]`, numbers `Double`,
/// booleans `Bool`, strings `String` and `null` `JSONValue.null`. Parsed by ForceCore's
/// `JSONParser`, without Foundation.
enum JSONValue {
    /// JSON `null`.
    struct Null: CustomStringConvertible {
        var description: String { "null" }
    }

    static let null = Null()

    /// The value of the document in `bytes`.
    static func parse(_ bytes: [UInt8]) throws(AHAPError) -> Any {
        var parser = JSONParser(bytes)
        return plain(try parser.parseDocument())
    }

    private static func plain(_ node: JSONNode) -> Any {
        switch node.value {
        case .object(let members):
            return Dictionary(members.map { ($0.key, plain($0.value)) }, uniquingKeysWith: { $1 })
        case .array(let elements): return elements.map(plain)
        case .string(let text): return text
        case .number(let number): return number
        case .bool(let flag): return flag
        case .null: return null
        }
    }

    /// `value` as compact JSON with sorted keys, for messages: `{"gamma":0}`, `[1,2.5]`.
    static func text(_ value: Any) -> String {
        switch value {
        case let flag as Bool: return flag ? "true" : "false"
        case let number as Double: return JSONText.number(number)
        case let text as String: return JSONText.quoted(text)
        case let array as [Any]: return "[" + array.map(text).joined(separator: ",") + "]"
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { JSONText.quoted($0) + ":" + text(object[$0]!) }.joined(separator: ",") + "}"
        default: return "null"
        }
    }
}
