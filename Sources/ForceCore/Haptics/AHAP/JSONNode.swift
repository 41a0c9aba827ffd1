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
        case .string(let text): return "the string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .number(let number): return "the number \(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }
}
