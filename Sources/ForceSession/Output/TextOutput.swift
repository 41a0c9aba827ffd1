import ForceDevices
import ForceSystem

/// Where a report's bytes go: standard output, a file, a subscriber's socket, memory.
public protocol TextDestination: AnyObject {
    /// Writes `bytes` (whole lines); returns false when they were not written (the destination
    /// is full and dropped them, or is gone).
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool
}

extension FileOutput: TextDestination {}

/// Collects lines and writes them to a `TextDestination` in large blocks, or at once when
/// `flushesEachLine` is set (live output on a terminal, paced replays). Every write holds whole
/// lines.
public final class TextOutput {
    /// Where the bytes go.
    public let destination: any TextDestination
    /// Whether every line goes out at once.
    public var flushesEachLine: Bool
    private var buffer: [UInt8] = []
    private static let blockSize = 1 << 16

    /// Buffered output to `destination`.
    public init(_ destination: any TextDestination, flushesEachLine: Bool = false) {
        self.destination = destination
        self.flushesEachLine = flushesEachLine
        buffer.reserveCapacity(Self.blockSize)
    }

    /// Buffered standard output.
    public static func standardOutput(flushesEachLine: Bool = false) -> TextOutput {
        TextOutput(FileOutput.standardOutput, flushesEachLine: flushesEachLine)
    }

    /// Writes `line` and a newline.
    public func line(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        endLine()
    }

    /// Writes `line` (UTF-8 bytes) and a newline.
    public func line(_ line: [UInt8]) {
        buffer.append(contentsOf: line)
        endLine()
    }

    /// Writes `text` as is (terminal control sequences); it goes out with the next line or flush.
    public func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    /// Writes what is buffered.
    public func flush() {
        guard !buffer.isEmpty else { return }
        destination.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }

    private func endLine() {
        buffer.append(10)
        if flushesEachLine || buffer.count >= Self.blockSize { flush() }
    }
}

/// Text kept in memory (for tests, and for a transcript compared in-process).
public final class CapturedText: TextDestination {
    /// Everything written.
    public private(set) var bytes: [UInt8] = []

    /// An empty capture.
    public init() {}

    public func write(_ bytes: [UInt8]) -> Bool {
        self.bytes.append(contentsOf: bytes)
        return true
    }

    /// Everything written, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
