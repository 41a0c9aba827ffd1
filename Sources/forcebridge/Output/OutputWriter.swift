import Foundation

/// Buffered writing to standard output (or any file handle): lines are collected and written in
/// large blocks, or at once when `flushesEachLine` is set (live output on a terminal).
final class OutputWriter {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    /// Whether every line goes out at once (for live and real-time output).
    var flushesEachLine: Bool

    init(handle: FileHandle = .standardOutput, flushesEachLine: Bool = false) {
        self.handle = handle
        self.flushesEachLine = flushesEachLine
        buffer.reserveCapacity(1 << 16)
    }

    /// Writes `line` and a newline.
    func line(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(10)
        if flushesEachLine || buffer.count >= 1 << 16 { flush() }
    }

    /// Writes `text` as is (terminal control sequences).
    func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    /// Writes what is buffered.
    func flush() {
        guard !buffer.isEmpty else { return }
        // A closed pipe (`| head`) ends the output quietly.
        try? handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }

    /// Standard error, unbuffered.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
