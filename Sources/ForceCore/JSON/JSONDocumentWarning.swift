/// Something in a JSON document read by one of the package's decoders that was accepted, changed
/// or skipped rather than refused, with where it is: `LINE:COLUMN: PATH: MESSAGE`, or
/// `LINE:COLUMN: MESSAGE` for the top level.
public struct JSONDocumentWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where it is.
    public var location: TextPosition
    /// The element.
    public var path: String
    /// What was accepted, changed or skipped, and why.
    public var message: String

    public var description: String {
        describeDocumentProblem(file: nil, location: location, path: path, message: message)
    }

    /// A warning about the element at `path`, found at `location`: for the decoders of the
    /// package's other modules.
    package static func at(_ location: TextPosition, path: String, message: String) -> JSONDocumentWarning {
        JSONDocumentWarning(location: location, path: path, message: message)
    }
}
