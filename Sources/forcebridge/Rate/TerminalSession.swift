import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Set by the SIGINT / SIGTERM handler; the terminal UI checks it between frames.
nonisolated(unsafe) private var terminationRequested: sig_atomic_t = 0

/// The terminal while the overlay owns it: the alternate screen with the cursor hidden, and
/// standard input in raw mode (no echo, no line buffering, non-blocking reads) when it is a
/// terminal. `restore()` (also run on deinit) puts everything back; Ctrl-C and SIGTERM only set
/// a flag, so the UI leaves through the same path.
final class TerminalSession {
    private var savedInputMode: termios?
    private var isActive = false
    private var pending: [UInt8] = []

    /// Whether standard output is a terminal.
    static var isOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether keys can be read (standard input is a terminal).
    let readsKeys: Bool

    init() {
        readsKeys = isatty(STDIN_FILENO) == 1
    }

    deinit { restore() }

    /// Takes over the terminal.
    func begin() {
        guard !isActive else { return }
        isActive = true
        terminationRequested = 0
        signal(SIGINT) { _ in terminationRequested = 1 }
        signal(SIGTERM) { _ in terminationRequested = 1 }
        if readsKeys {
            var mode = termios()
            if tcgetattr(STDIN_FILENO, &mode) == 0 {
                savedInputMode = mode
                var raw = mode
                raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
                raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
                withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
                    bytes[Int(VMIN)] = 0
                    bytes[Int(VTIME)] = 0
                }
                tcsetattr(STDIN_FILENO, TCSANOW, &raw)
            }
        }
        // Alternate screen, hidden cursor, no line wrap at the right edge.
        write("\u{1b}[?1049h\u{1b}[?25l\u{1b}[?7l\u{1b}[2J")
    }

    /// Gives the terminal back as it was.
    func restore() {
        guard isActive else { return }
        isActive = false
        write("\u{1b}[0m\u{1b}[?7h\u{1b}[?25h\u{1b}[?1049l")
        if var mode = savedInputMode { tcsetattr(STDIN_FILENO, TCSANOW, &mode) }
        savedInputMode = nil
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    /// Whether Ctrl-C or SIGTERM asked to stop.
    var isTerminationRequested: Bool { terminationRequested != 0 }

    /// The terminal's size in columns and rows (80 × 24 when it cannot be asked).
    var size: (width: Int, height: Int) {
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return (Int(window.ws_col), Int(window.ws_row))
        }
        return (80, 24)
    }

    /// The bytes typed since the last call (never blocks).
    func readAvailableInput() -> [UInt8] {
        guard readsKeys else { return [] }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// Writes `bytes` to standard output.
    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let result = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += result
            }
        }
    }

    func write(_ text: String) { write(Array(text.utf8)) }
}
