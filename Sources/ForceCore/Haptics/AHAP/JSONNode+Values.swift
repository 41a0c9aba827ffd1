/// An error of a JSON document read by one of the package's decoders (AHAP files, feedback
/// themes): made from where the problem is, which element, and what is wrong.
package protocol JSONDocumentError: Error {
    static func problem(at location: TextPosition?, path: String, message: String) -> Self
}

/// `FILE:LINE:COLUMN: PATH: MESSAGE`, leaving out what is unknown: how the decoders' errors read.
package func describeDocumentProblem(file: String?, location: TextPosition?, path: String, message: String) -> String {
    var text = ""
    if let file { text += file + ":" }
    if let location { text += "\(location.line):\(location.column):" }
    if !text.isEmpty { text += " " }
    if !path.isEmpty { text += path + ": " }
    return text + message
}

/// The value of a node as the type a decoder expects, or an error naming the element, what it
/// is and what was expected.
extension JSONNode {
    package func objectMembers<Failure: JSONDocumentError>(path: String, expected: String = "an object",
                                                          as _: Failure.Type) throws(Failure) -> [Member] {
        guard case .object(let members) = value else { throw mismatch(path, expected) }
        return members
    }

    package func arrayElements<Failure: JSONDocumentError>(path: String, as _: Failure.Type) throws(Failure) -> [JSONNode] {
        guard case .array(let elements) = value else { throw mismatch(path, "an array") }
        return elements
    }

    package func stringValue<Failure: JSONDocumentError>(path: String, as _: Failure.Type) throws(Failure) -> String {
        guard case .string(let text) = value else { throw mismatch(path, "a string") }
        return text
    }

    package func numberValue<Failure: JSONDocumentError>(path: String, expected: String = "a number",
                                                        as _: Failure.Type) throws(Failure) -> Double {
        guard case .number(let number) = value else { throw mismatch(path, expected) }
        return number
    }

    private func mismatch<Failure: JSONDocumentError>(_ path: String, _ expected: String) -> Failure {
        Failure.problem(at: location, path: path, message: "is \(kindName); expected \(expected)")
    }
}
