#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file line by line into a reusable buffer, so that reading allocates nothing per line.
///
/// Lines end at `\n` (a trailing `\r` is dropped); the last line may lack its newline. Memory stays
/// bounded by the chunk size whatever the file size. Newlines are found with `memchr`, which scans
/// many bytes per instruction: most of a recording's bytes are trailing comments that are skipped.
///
/// A class, so that its owner can hold it in a constant and read a line without a mutating access
/// to one of its own stored properties (which would need a dynamic exclusivity check per line).
final class LineReader {
    /// The file, for messages.
    let path: String
    /// The number of the line last returned (1-based).
    private(set) var lineNumber = 0

    private let file: RecordingFile
    private let buffer: UnsafeMutablePointer<UInt8>
    private var start = 0
    private var end = 0
    private var reachedEnd = false

    /// The longest line accepted.
    static let chunkSize = 1 << 20

    /// Opens `path`.
    init(path: String) throws {
        self.path = path
        file = try RecordingFile.open(path)
        buffer = .allocate(capacity: Self.chunkSize)
    }

    deinit {
        buffer.deallocate()
    }

    /// The next line without its line ending, or nil at the end of the file. The bytes stay valid
    /// until the next call.
    @inline(__always)
    func nextLine() throws -> UnsafeBufferPointer<UInt8>? {
        let lineStart = start
        let available = end - lineStart
        if available > 0, let found = memchr(buffer + lineStart, 10, available) {
            let newline = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
            start = newline + 1
            lineNumber += 1
            return line(from: lineStart, to: newline)
        }
        return try nextLineAfterRefill()
    }

    /// Calls `body` with the next line (without its line ending) and returns its result, or
    /// returns nil at the end of the file.
    func nextLine<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result? {
        guard let line = try nextLine() else { return nil }
        return try body(line)
    }

    /// Closes the file.
    func close() { file.close() }

    @inline(__always)
    private func line(from lineStart: Int, to lineEnd: Int) -> UnsafeBufferPointer<UInt8> {
        var lineEnd = lineEnd
        if lineEnd > lineStart && buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        return UnsafeBufferPointer(start: buffer + lineStart, count: lineEnd - lineStart)
    }

    /// The slow path of `nextLine()`: no complete line is buffered.
    private func nextLineAfterRefill() throws -> UnsafeBufferPointer<UInt8>? {
        while true {
            if reachedEnd {
                guard start < end else { return nil }
                let lineStart = start
                start = end
                lineNumber += 1
                return line(from: lineStart, to: end)
            }
            try refill()
            let lineStart = start
            let available = end - lineStart
            if available > 0, let found = memchr(buffer + lineStart, 10, available) {
                let newline = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
                start = newline + 1
                lineNumber += 1
                return line(from: lineStart, to: newline)
            }
        }
    }

    private func refill() throws {
        if start > 0 {
            let remaining = end - start
            if remaining > 0 {
                memmove(buffer, buffer + start, remaining)
            }
            start = 0
            end = remaining
        }
        guard end < Self.chunkSize else {
            throw RecordingError(path: path, line: lineNumber + 1, message: "expected a line shorter than \(Self.chunkSize) bytes, found a longer one (is this a binary file?)")
        }
        let count = try file.read(into: buffer + end, count: Self.chunkSize - end)
        if count == 0 { reachedEnd = true }
        end += count
    }
}
