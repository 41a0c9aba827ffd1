#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ForceSystem

/// Reads a file line by line into a reusable buffer, so that reading allocates nothing per line.
///
/// Lines end at `\n` (a trailing `\r` is dropped); the last line may lack its newline. Memory stays
/// bounded by the chunk size whatever the file size. Newlines are found with `memchr`, which scans
/// many bytes per instruction: most of a recording's bytes are trailing comments that are skipped.
///
/// The one place of ForceRecording that touches memory through unsafe pointers (checked by
/// `Scripts/check-layering.py`): the reader owns its buffer and hands out `Line`s, views of its bytes
/// that the parsers read by index, several bytes at a time where they are fast.
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
    private var isOpen = true

    /// The longest line accepted.
    static let chunkSize = 1 << 20

    /// Opens `path`.
    init(path: String) throws {
        self.path = path
        file = try RecordingFile.open(path)
        buffer = .allocate(capacity: Self.chunkSize)
    }

    /// Closes the file if its reader did not (a parse error, or a reader abandoned before the end
    /// of its file, must not leak the descriptor).
    deinit {
        close()
        buffer.deallocate()
    }

    /// The next line without its line ending, or nil at the end of the file. The bytes stay valid
    /// until the next call.
    @inline(__always)
    func nextLine() throws -> Line? {
        if let line = bufferedLine() { return line }
        return try nextLineAfterRefill()
    }

    /// Calls `body` with the next line (without its line ending) and returns its result, or
    /// returns nil at the end of the file.
    func nextLine<Result>(_ body: (Line) throws -> Result) throws -> Result? {
        guard let line = try nextLine() else { return nil }
        return try body(line)
    }

    /// Closes the file, once: a later call does nothing (the number may belong to another file by
    /// then).
    func close() {
        guard isOpen else { return }
        isOpen = false
        file.close()
    }

    /// The next complete line in the buffer, if there is one.
    @inline(__always)
    private func bufferedLine() -> Line? {
        let lineStart = start
        let available = end - lineStart
        guard available > 0, let found = memchr(buffer + lineStart, 10, available) else { return nil }
        let newline = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
        start = newline + 1
        lineNumber += 1
        return line(from: lineStart, to: newline)
    }

    @inline(__always)
    private func line(from lineStart: Int, to lineEnd: Int) -> Line {
        var lineEnd = lineEnd
        if lineEnd > lineStart && buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        return Line(UnsafeBufferPointer(start: buffer + lineStart, count: lineEnd - lineStart))
    }

    /// The slow path of `nextLine()`: no complete line is buffered.
    private func nextLineAfterRefill() throws -> Line? {
        while true {
            if reachedEnd {
                guard start < end else { return nil }
                let lineStart = start
                start = end
                lineNumber += 1
                return line(from: lineStart, to: end)
            }
            try refill()
            if let line = bufferedLine() { return line }
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
        let count: Int
        do {
            count = try file.file.read(into: UnsafeMutableRawBufferPointer(start: buffer + end, count: Self.chunkSize - end))
        } catch {
            throw file.readError(error)
        }
        if count == 0 { reachedEnd = true }
        end += count
    }
}

extension LineReader {
    /// The bytes of one line (or of any text held elsewhere, see `withBytes(of:_:)`), read by
    /// index. Valid until the reader reads the next line; indices are not checked in release
    /// builds, as with `UnsafeBufferPointer`: the parsers check them against `count`.
    struct Line: RandomAccessCollection {
        private let bytes: UnsafeBufferPointer<UInt8>

        fileprivate init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var startIndex: Int { 0 }
        var endIndex: Int { bytes.count }
        @inline(__always) var count: Int { bytes.count }

        @inline(__always)
        subscript(position: Int) -> UInt8 { bytes[position] }

        /// The eight bytes at `offset` as one little-endian word (`offset + 8 <= count`).
        @inline(__always)
        func word(at offset: Int) -> UInt64 {
            assert(offset >= 0 && offset + 8 <= bytes.count)
            return UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self))
        }

        /// The four bytes at `offset` as one little-endian word (`offset + 4 <= count`).
        @inline(__always)
        func halfWord(at offset: Int) -> UInt32 {
            assert(offset >= 0 && offset + 4 <= bytes.count)
            return UInt32(littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt32.self))
        }

        /// The bytes from `start` to `end` as text (invalid UTF-8 repaired).
        func text(from start: Int = 0, to end: Int? = nil) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(end ?? bytes.count)]), as: UTF8.self)
        }

        /// Whether the bytes from `start` to `end` are `other`'s.
        func bytes(from start: Int, to end: Int, equal other: [UInt8]) -> Bool {
            UnsafeBufferPointer(rebasing: bytes[start..<end]).elementsEqual(other)
        }

        func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
            try body(bytes)
        }

        /// Calls `body` with the UTF-8 bytes of `text` as a line.
        static func withBytes<Result>(of text: inout String, _ body: (Line) throws -> Result) rethrows -> Result {
            try text.withUTF8 { try body(Line($0)) }
        }

        /// Calls `body` with `bytes` as a line.
        static func withBytes<Result>(of bytes: [UInt8], _ body: (Line) throws -> Result) rethrows -> Result {
            try bytes.withUnsafeBufferPointer { try body(Line($0)) }
        }
    }
}

