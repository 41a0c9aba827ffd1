/// The complete lines a program printed on standard output so far, each parsed once, as it
/// arrives: a test that polls a long output (every frame a page or libinput shows) pays for the
/// new lines only, not for all of them at every poll.
public final class ParsedLines<Element> {
    private let process: ChildProcess
    private let parse: (Substring) -> Element?
    /// How many bytes of the output the parsed lines span (up to and with their last newline).
    private var consumed = 0
    private var parsed: [Element] = []

    /// Parses `process`'s lines with `parse`; lines it returns nil for are left out.
    public init(_ process: ChildProcess, parse: @escaping (Substring) -> Element?) {
        self.process = process
        self.parse = parse
    }

    /// The parsed lines so far, in order; a line still being written is not among them.
    public var elements: [Element] {
        let bytes = process.standardOutputBytes
        guard bytes.count > consumed, let end = bytes[consumed...].lastIndex(of: UInt8(ascii: "\n")) else { return parsed }
        let text = String(decoding: bytes[consumed..<end], as: UTF8.self)
        for line in text.split(separator: "\n") {
            if let element = parse(line) { parsed.append(element) }
        }
        consumed = end + 1
        return parsed
    }
}
