/// A JSON value together with where it starts in the text, so that the AHAP decoder (and the
/// profile writer of ForceSettings, and feedbackd themes) can say exactly where a problem is.
package struct JSONNode: Sendable {
    package enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// One `"key": value` of an object.
    package struct Member: Sendable {
        package var key: String
        package var keyLocation: TextPosition
        package var value: JSONNode

        package init(key: String, keyLocation: TextPosition, value: JSONNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    package var value: Value
    package var location: TextPosition

    package init(value: Value, location: TextPosition) {
        self.value = value
        self.location = location
    }

    /// What kind of value this is, for messages ("a string", "an object").
    package var kindName: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string(let text): return "the string \(Self.quoted(text))"
        case .number(let number): return "the number \(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    /// `text` as a JSON string literal: in double quotes, with RFC 8259's escapes for quotes,
    /// backslashes and control characters, everything else as it is.
    package static func literal(_ text: String) -> String {
        text.backslashQuoted { scalar in
            switch scalar {
            case "\r": return "\\r"
            case "\u{08}": return "\\b"
            case "\u{0C}": return "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: return nil
            }
        }
    }

    /// A key or string from the file for a one-line message: a JSON string literal, cut after 40
    /// characters.
    static func quoted(_ text: String) -> String {
        guard text.count > 40 else { return literal(text) }
        return String(literal(String(text.prefix(40))).dropLast()) + "…\""
    }

    /// A key for a path in a message (`Pattern[0].Event.Tiem`): as `quoted`, without the quotes.
    static func escaped(_ text: String) -> String {
        String(quoted(text).dropFirst().dropLast())
    }
}
