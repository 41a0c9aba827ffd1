#if FORCEBRIDGE_SYSCALL_SEAM
import ForceSystem
import Glibc
import Synchronization
import SystemPackage
import Testing

/// The terminal on a simulated tty: raw mode in and out, its size, and noticing a hang-up.
@Suite("terminal: modes, size, hang-up")
struct TerminalSystemCallTests {
    /// A terminal on standard input and output: its attributes as set, its window size, whether
    /// it hung up; what is written to standard output goes nowhere.
    final class TerminalCalls: SystemCallTable {
        let state = Mutex((attributes: termios(), settings: [termios](), hungUp: false, written: 0))
        let columns: UInt16, rows: UInt16

        init(columns: UInt16, rows: UInt16) {
            self.columns = columns
            self.rows = rows
            state.withLock { $0.attributes.c_lflag = tcflag_t(ICANON | ECHO | ISIG) }
        }

        func isTerminal(_ descriptor: CInt) -> Bool { descriptor <= 2 }

        func terminalAttributes(_ descriptor: CInt) throws(Errno) -> termios { state.withLock { $0.attributes } }

        func setTerminalAttributes(_ descriptor: CInt, _ action: CInt, _ attributes: termios) throws(Errno) {
            state.withLock {
                $0.attributes = attributes
                $0.settings.append(attributes)
            }
        }

        func ioctl(_ descriptor: CInt, _ request: UInt, _ argument: UnsafeMutableRawPointer?) throws(Errno) -> CInt {
            guard request == UInt(TIOCGWINSZ), let argument else { throw .inappropriateIOCTLForDevice }
            argument.assumingMemoryBound(to: winsize.self).pointee = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
            return 0
        }

        func poll(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: Int, _ timeout: CInt) throws(Errno) -> CInt {
            guard state.withLock({ $0.hungUp }), let descriptors else { return 0 }
            descriptors[0].revents = Int16(POLLHUP)
            return 1
        }

        func read(_ descriptor: CInt, _ buffer: UnsafeMutableRawPointer?, _ count: Int) throws(Errno) -> Int {
            throw .wouldBlock
        }

        func write(_ descriptor: CInt, _ buffer: UnsafeRawPointer?, _ count: Int) throws(Errno) -> Int {
            if state.withLock({ $0.hungUp }) { throw .ioError }
            state.withLock { $0.written += count }
            return count
        }
    }

    @Test("begin puts the terminal in raw mode; restore gives back the mode it had")
    func rawModeAndBack() {
        let calls = TerminalCalls(columns: 120, rows: 40)
        SystemCallSeam.withSubstitute(calls) {
            let terminal = Terminal()
            #expect(terminal.readsKeys)
            terminal.begin()
            let raw = calls.state.withLock { $0.attributes }
            #expect(raw.c_lflag & tcflag_t(ICANON | ECHO) == 0, "no line buffering, no echo")
            #expect(raw.c_lflag & tcflag_t(ISIG) != 0, "the rest of the mode is kept")
            #expect(terminal.size == (width: 120, height: 40))
            #expect(terminal.readInput() == .bytes([]), "nothing typed: no bytes, no waiting")
            terminal.restore()
        }
        let state = calls.state.withLock { $0 }
        #expect(state.settings.count == 2)
        #expect(state.attributes.c_lflag == tcflag_t(ICANON | ECHO | ISIG))
        #expect(state.written > 0, "the alternate screen was entered and left")
    }

    @Test("a terminal that hung up reads as .hungUp and takes no more output")
    func hangUp() {
        let calls = TerminalCalls(columns: 0, rows: 0)
        SystemCallSeam.withSubstitute(calls) {
            let terminal = Terminal()
            #expect(terminal.size == (width: 80, height: 24), "a terminal that gives no size counts as 80 × 24")
            calls.state.withLock { $0.hungUp = true }
            #expect(terminal.readInput() == .hungUp)
            #expect(terminal.hasHungUp)
        }
    }
}
#endif
