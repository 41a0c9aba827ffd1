/// A JSON value together with where it starts in the text, so that the AHAP decoder (and the
/// profile writer of ForceSettings) can say exactly where a problem is.
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

    /// `text` for a one-line message: in double quotes, with JSON's escapes for quotes,
    /// backslashes and control characters, and cut after 40 characters.
    static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// `text` with JSON's escapes for quotes, backslashes and control characters, cut after 40
    /// characters: a key or string from the file, safe to show in a path or a one-line message.
    static func escaped(_ text: String) -> String {
        let shown = text.count > 40 ? text.prefix(40) : Substring(text)
        var result = ""
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return shown.endIndex < text.endIndex ? result + "…" : result
    }
}
