/// The value of a node as the type a decoder expects, or an error naming the element, what it
/// is and what was expected.
extension JSONNode {
    package func objectMembers<Failure: DecodedJSONDocumentError>(path: String, expected: String = "an object",
                                                                 as _: Failure.Type) throws(Failure) -> [Member] {
        guard case .object(let members) = value else { throw mismatch(path, expected) }
        return members
    }

    package func arrayElements<Failure: DecodedJSONDocumentError>(path: String, as _: Failure.Type) throws(Failure) -> [JSONNode] {
        guard case .array(let elements) = value else { throw mismatch(path, "an array") }
        return elements
    }

    package func stringValue<Failure: DecodedJSONDocumentError>(path: String, as _: Failure.Type) throws(Failure) -> String {
        guard case .string(let text) = value else { throw mismatch(path, "a string") }
        return text
    }

    package func numberValue<Failure: DecodedJSONDocumentError>(path: String, expected: String = "a number",
                                                               as _: Failure.Type) throws(Failure) -> Double {
        guard case .number(let number) = value else { throw mismatch(path, expected) }
        return number
    }

    private func mismatch<Failure: DecodedJSONDocumentError>(_ path: String, _ expected: String) -> Failure {
        Failure.problem(at: location, path: path, message: "is \(kindName); expected \(expected)")
    }
}
