/// Typed reading of a parsed document: the value of a node as the type a reader expects, or the
/// reader's own error naming the element (its path from the top and its line and column), what
/// it is and what was expected. AHAP files, feedbackd themes, profiles, transcripts and the
/// ratings file are all read this way.
extension JSONNode {
    /// The members, when this is an object.
    package func objectMembers<Failure: JSONElementError>(path: String, expected: String = "an object",
                                                          as _: Failure.Type) throws(Failure) -> [Member] {
        guard case .object(let members) = value else { throw Failure.mismatch(self, path: path, expected: expected) }
        return members
    }

    /// The elements, when this is an array.
    package func arrayElements<Failure: JSONElementError>(path: String, expected: String = "an array",
                                                          as _: Failure.Type) throws(Failure) -> [JSONNode] {
        guard case .array(let elements) = value else { throw Failure.mismatch(self, path: path, expected: expected) }
        return elements
    }

    /// The text, when this is a string.
    package func stringValue<Failure: JSONElementError>(path: String, expected: String = "a string",
                                                        as _: Failure.Type) throws(Failure) -> String {
        guard case .string(let text) = value else { throw Failure.mismatch(self, path: path, expected: expected) }
        return text
    }

    /// The number, when this is one.
    package func numberValue<Failure: JSONElementError>(path: String, expected: String = "a number",
                                                        as _: Failure.Type) throws(Failure) -> Double {
        guard case .number(let number) = value else { throw Failure.mismatch(self, path: path, expected: expected) }
        return number
    }

    /// The flag, when this is `true` or `false`.
    package func boolValue<Failure: JSONElementError>(path: String, expected: String = "true or false",
                                                      as _: Failure.Type) throws(Failure) -> Bool {
        guard case .bool(let flag) = value else { throw Failure.mismatch(self, path: path, expected: expected) }
        return flag
    }

    /// The path of member `key` of the element at `path`: `Pattern[0].Event`, `name` at the top.
    package static func path(_ path: String, _ key: String) -> String {
        path.isEmpty ? escaped(key) : path + "." + escaped(key)
    }

    /// The path of element `index` of the array at `path`: `profiles[2]`.
    package static func path(_ path: String, _ index: Int) -> String {
        path + "[\(index)]"
    }
}

extension [JSONNode.Member] {
    /// The value of the member `key`, if the object has it.
    package subscript(key: String) -> JSONNode? {
        first { $0.key == key }?.value
    }
}

/// An error about one element of a JSON document, as a document's reader makes it (`AHAPError`,
/// `FeedbackThemeError`, `ProfileError`, `TranscriptError`): what typed reading throws.
package protocol JSONElementError: Error {
    /// An error about the element at `path` (`profiles[1].curve`), found at `location`.
    static func problem(at location: TextPosition, path: String, message: String) -> Self

    /// `node`, the element at `path`, is not `expected` ("a number", "an array of profiles").
    static func mismatch(_ node: JSONNode, path: String, expected: String) -> Self
}

extension JSONElementError {
    /// `is the string "15"; expected a number`, at the node.
    package static func mismatch(_ node: JSONNode, path: String, expected: String) -> Self {
        problem(at: node.location, path: path, message: "is \(node.summary); expected \(expected)")
    }
}
