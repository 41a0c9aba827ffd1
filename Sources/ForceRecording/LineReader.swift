import Foundation

/// Reads a file line by line into a reusable buffer, so that reading allocates nothing per line.
///
/// Lines end at `\n` (a trailing `\r` is dropped); the last line may lack its newline. Memory stays
/// bounded by the chunk size whatever the file size.
struct LineReader {
    /// The file, for messages.
    let path: String
    /// The number of the line last returned (1-based).
    private(set) var lineNumber = 0

    private let stream: InputStream
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var reachedEnd = false

    /// The longest line accepted.
    static let chunkSize = 1 << 20

    /// Opens `path`.
    init(path: String) throws {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RecordingError(path: path, message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw RecordingError(path: path, message: "is a directory, not a recording")
        }
        guard FileManager.default.isReadableFile(atPath: path), let stream = InputStream(fileAtPath: path) else {
            throw RecordingError(path: path, message: "cannot be read (permission denied?)")
        }
        stream.open()
        if stream.streamStatus == .error {
            throw RecordingError(path: path, message: "cannot be opened: \(stream.streamError.map { "\($0)" } ?? "unknown error")")
        }
        self.stream = stream
        buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// Calls `body` with the next line (without its line ending) and returns its result, or
    /// returns nil at the end of the file.
    mutating func nextLine<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result? {
        while true {
            if let newline = findNewline() {
                let lineStart = start
                var lineEnd = newline
                start = newline + 1
                lineNumber += 1
                if lineEnd > lineStart && buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                return try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[lineStart..<lineEnd])) }
            }
            if reachedEnd {
                guard start < end else { return nil }
                let lineStart = start
                var lineEnd = end
                start = end
                lineNumber += 1
                if lineEnd > lineStart && buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                return try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[lineStart..<lineEnd])) }
            }
            try refill()
        }
    }

    /// Closes the file.
    func close() { stream.close() }

    private func findNewline() -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            var index = start
            while index < end {
                if bytes[index] == 10 { return index }
                index += 1
            }
            return nil
        }
    }

    private mutating func refill() throws {
        if start > 0 {
            let remaining = end - start
            if remaining > 0 {
                buffer.withUnsafeMutableBufferPointer { bytes in
                    for index in 0..<remaining { bytes[index] = bytes[start + index] }
                }
            }
            start = 0
            end = remaining
        }
        guard end < buffer.count else {
            throw RecordingError(path: path, line: lineNumber + 1, message: "expected a line shorter than \(Self.chunkSize) bytes, found a longer one (is this a binary file?)")
        }
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            stream.read(bytes.baseAddress! + end, maxLength: bytes.count - end)
        }
        if count < 0 {
            throw RecordingError(path: path, message: "read failed: \(stream.streamError.map { "\($0)" } ?? "unknown error")")
        }
        if count == 0 { reachedEnd = true }
        end += count
    }
}
