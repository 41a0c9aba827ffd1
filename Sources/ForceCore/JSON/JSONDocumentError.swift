/// An error at a place in a JSON document read by one of the package's readers (AHAP files,
/// feedback themes): the file when known, the line and column, the element at fault and what is
/// wrong. Reads `FILE:LINE:COLUMN: PATH: MESSAGE`.
public protocol JSONDocumentError: Error, CustomStringConvertible {
    /// The file, when known (the readers read bytes; callers fill this in).
    var file: String? { get set }
    /// Where the problem is, when the document got that far.
    var location: TextPosition? { get }
    /// The element at fault, as a path from the top (empty for JSON syntax errors).
    var path: String { get }
    /// What is wrong and what was expected.
    var message: String { get }
}

extension JSONDocumentError {
    /// `FILE:LINE:COLUMN: PATH: MESSAGE`, leaving out what is unknown.
    public var description: String {
        describeDocumentProblem(file: file, location: location, path: path, message: message)
    }

    /// The same error, naming `file`.
    public func inFile(_ file: String) -> Self {
        var copy = self
        copy.file = file
        return copy
    }
}

/// `FILE:LINE:COLUMN: PATH: MESSAGE`, leaving out what is unknown: how the readers' errors read.
package func describeDocumentProblem(file: String?, location: TextPosition?, path: String, message: String) -> String {
    var text = ""
    if let file { text += file + ":" }
    if let location { text += "\(location.line):\(location.column):" }
    if !text.isEmpty { text += " " }
    if !path.isEmpty { text += path + ": " }
    return text + message
}
