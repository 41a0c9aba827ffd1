import Glibc
import SystemPackage

/// The terminal a full-screen program draws on: standard output for drawing, standard input
/// for keys.
///
/// `begin()` switches to the alternate screen with the cursor hidden and line wrap off, and puts
/// standard input (when it is a terminal) in raw mode: no echo, no line buffering, no flow
/// control, reads that return at once (`VMIN` = `VTIME` = 0). `restore()` (also run on deinit) puts everything back. Watch
/// `standardInput` on the event loop for keys; a terminal that hangs up (its window or tmux
/// server went away) reads as `.hungUp`.
package final class Terminal {
    /// What reading standard input gave.
    package enum Input: Equatable, Sendable {
        /// Bytes typed (possibly none yet).
        case bytes([UInt8])
        /// The terminal went away.
        case hungUp
    }

    /// Standard input.
    package let standardInput = FileDescriptor.standardInput
    /// Standard output.
    package let standardOutput = FileDescriptor.standardOutput
    /// Whether keys can be read (standard input is a terminal).
    package let readsKeys: Bool

    private var savedInputMode: termios?
    private var isActive = false
    private var hungUp = false
    private var inputBuffer = [UInt8](repeating: 0, count: 64)

    /// Whether standard output is a terminal.
    package static var isOutputTerminal: Bool { SystemCall.isTerminal(.standardOutput) }

    /// Whether standard error is a terminal (where a progress line may be redrawn).
    package static var isErrorTerminal: Bool { SystemCall.isTerminal(.standardError) }

    /// A terminal on this process's standard input and output.
    package init() {
        readsKeys = SystemCall.isTerminal(.standardInput)
    }

    deinit { restore() }

    /// Takes over the terminal.
    package func begin() {
        guard !isActive else { return }
        isActive = true
        if readsKeys {
            if let mode = try? SystemCall.terminalAttributes(standardInput) {
                savedInputMode = mode
                var raw = mode
                raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
                raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
                withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
                    bytes[Int(VMIN)] = 0
                    bytes[Int(VTIME)] = 0
                }
                _ = try? SystemCall.setTerminalAttributes(standardInput, raw)
            }
        }
        // Alternate screen, hidden cursor, no line wrap at the right edge.
        write(Array("\u{1b}[?1049h\u{1b}[?25l\u{1b}[?7l\u{1b}[2J".utf8))
    }

    /// Gives the terminal back as it was.
    package func restore() {
        guard isActive else { return }
        isActive = false
        write(Array("\u{1b}[0m\u{1b}[?7h\u{1b}[?25h\u{1b}[?1049l".utf8))
        if let mode = savedInputMode { _ = try? SystemCall.setTerminalAttributes(standardInput, mode) }
        savedInputMode = nil
    }

    /// Whether the terminal hung up (reading or writing found it gone).
    package var hasHungUp: Bool { hungUp }

    /// The terminal's size in columns and rows (80 × 24 when it cannot be asked).
    package var size: (width: Int, height: Int) {
        var window = winsize()
        if (try? SystemCall.ioctl(standardOutput, UInt(TIOCGWINSZ), &window)) != nil, window.ws_col > 0, window.ws_row > 0 {
            return (Int(window.ws_col), Int(window.ws_row))
        }
        return (80, 24)
    }

    /// The bytes typed since the last call; never blocks. (In raw mode a read with nothing
    /// typed returns no bytes, as does one on a hung-up terminal: a hang-up is seen by polling.)
    package func readInput() -> Input {
        guard readsKeys, !hungUp else { return hungUp ? .hungUp : .bytes([]) }
        var descriptors = [pollfd(fd: standardInput.rawValue, events: Int16(POLLIN), revents: 0)]
        if (try? SystemCall.poll(&descriptors, timeout: 0)) ?? 0 > 0,
           descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            hungUp = true
            return .hungUp
        }
        do {
            let count = try inputBuffer.withUnsafeMutableBytes { buffer in Result { () throws(Errno) in try SystemCall.read(standardInput, into: buffer) } }.get()
            return .bytes(Array(inputBuffer[0..<count]))
        } catch .wouldBlock {
            return .bytes([])
        } catch {
            hungUp = true
            return .hungUp
        }
    }

    /// Writes `bytes` to standard output; a terminal that went away (`EIO`, `EPIPE`) counts as
    /// hung up.
    package func write(_ bytes: [UInt8]) {
        let failure = bytes.withUnsafeBytes { buffer in SystemCall.failure { () throws(Errno) in try standardOutput.writeEverything(buffer) } }
        if failure == .ioError || failure == .brokenPipe { hungUp = true }
    }
}
