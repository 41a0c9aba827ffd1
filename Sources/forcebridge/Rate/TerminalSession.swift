import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Set by the SIGINT / SIGTERM / SIGHUP handler; the terminal UI checks it between frames.
nonisolated(unsafe) private var terminationRequested: sig_atomic_t = 0

/// The terminal while the overlay owns it: the alternate screen with the cursor hidden, and
/// standard input in raw mode (no echo, no line buffering, non-blocking reads) when it is a
/// terminal. `restore()` (also run on deinit) puts everything back; Ctrl-C, SIGTERM and SIGHUP
/// only set a flag, so the UI leaves through the same path. Those signals are unblocked first (a
/// parent may have started us with them blocked), and a terminal that hangs up (its window or
/// tmux server went away) counts as a request to stop too.
final class TerminalSession {
    private var savedInputMode: termios?
    private var isActive = false
    private var hungUp = false
    private var inputBuffer = [UInt8](repeating: 0, count: 64)

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
        for number in Self.handledSignals { signal(number) { _ in terminationRequested = 1 } }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in Self.handledSignals { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
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
        for number in Self.handledSignals { signal(number, SIG_DFL) }
    }

    private static let handledSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Whether Ctrl-C, SIGTERM or SIGHUP asked to stop, or the terminal hung up.
    var isTerminationRequested: Bool {
        if terminationRequested != 0 || hungUp { return true }
        guard readsKeys else { return false }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { hungUp = true }
        return hungUp
    }

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
        let count = read(STDIN_FILENO, &inputBuffer, inputBuffer.count)
        return count > 0 ? Array(inputBuffer[0..<count]) : []
    }

    /// Writes `bytes` to standard output.
    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let result = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    if errno == EIO || errno == EPIPE { hungUp = true }
                    return
                }
                offset += result
            }
        }
    }

    func write(_ text: String) { write(Array(text.utf8)) }
}
