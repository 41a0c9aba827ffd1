import Glibc
import SystemPackage

/// The calls of the system layer into the C library and its shims, one requirement per call, in
/// the kernel's terms: raw descriptors, C structures, pointers. Each makes its call once and
/// throws the `errno` of a failure (`EINTR` included: retrying is `SystemCall`'s job).
///
/// `SystemCall`, the one funnel of ForceSystem and ForceDevices, makes every call through
/// `SystemCall.table`: `LinuxSystemCalls`, whose calls are the real ones, or in debug builds a
/// substitute a test put in place for its task (`SystemCallSeam`). A substitute implements the
/// calls it simulates; the others keep their default implementation, the real call.
package protocol SystemCallTable: Sendable {
    // MARK: Descriptors
    func open(_ path: String, _ flags: CInt, _ mode: mode_t) throws(Errno) -> CInt
    func close(_ descriptor: CInt) throws(Errno)
    func read(_ descriptor: CInt, _ buffer: UnsafeMutableRawPointer?, _ count: Int) throws(Errno) -> Int
    func write(_ descriptor: CInt, _ buffer: UnsafeRawPointer?, _ count: Int) throws(Errno) -> Int
    func pipe(_ flags: CInt) throws(Errno) -> (readEnd: CInt, writeEnd: CInt)
    func fcntl(_ descriptor: CInt, _ command: CInt, _ argument: CInt) throws(Errno) -> CInt
    func ioctl(_ descriptor: CInt, _ request: UInt, _ argument: UnsafeMutableRawPointer?) throws(Errno) -> CInt
    func ioctl(_ descriptor: CInt, _ request: UInt, value: CInt) throws(Errno) -> CInt
    func poll(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: Int, _ timeout: CInt) throws(Errno) -> CInt
    func fsync(_ descriptor: CInt) throws(Errno)
    func fchmod(_ descriptor: CInt, _ mode: mode_t) throws(Errno)
    func fstat(_ descriptor: CInt) throws(Errno) -> stat

    // MARK: Paths
    func stat(_ path: String) throws(Errno) -> stat
    func lstat(_ path: String) throws(Errno) -> stat
    func access(_ path: String, _ mode: CInt) throws(Errno)
    func unlink(_ path: String) throws(Errno)
    func rename(_ path: String, _ newPath: String) throws(Errno)
    func mkdir(_ path: String, _ mode: mode_t) throws(Errno)
    func rmdir(_ path: String) throws(Errno)
    func readlink(_ path: String) throws(Errno) -> String
    func workingDirectory() throws(Errno) -> String
    func makeTemporaryDirectory(_ template: String) throws(Errno) -> String
    func directoryEntries(_ path: String) throws(Errno) -> [String]

    // MARK: Events
    func epollCreate(_ flags: CInt) throws(Errno) -> CInt
    func epollControl(_ epoll: CInt, _ operation: CInt, _ descriptor: CInt, _ events: UInt32) throws(Errno)
    func epollWait(_ epoll: CInt, _ descriptors: UnsafeMutablePointer<CInt>, _ events: UnsafeMutablePointer<UInt32>,
                   _ capacity: CInt, _ timeout: CInt) throws(Errno) -> CInt
    func timerfdCreate(_ clock: clockid_t, _ flags: CInt) throws(Errno) -> CInt
    func timerfdArm(_ descriptor: CInt, _ nanoseconds: Int64) throws(Errno)
    func signalfd(_ descriptor: CInt, _ signals: [CInt], _ previousMask: inout sigset_t) throws(Errno) -> CInt
    func restoreSignals(_ signals: [CInt], _ previousMask: sigset_t)
    func readSignal(_ descriptor: CInt) throws(Errno) -> CInt
    func eventfd(_ initialValue: UInt32, _ flags: CInt) throws(Errno) -> CInt
    func inotifyInit(_ flags: CInt) throws(Errno) -> CInt
    func inotifyAddWatch(_ descriptor: CInt, _ path: String, _ mask: UInt32) throws(Errno) -> CInt

    // MARK: Sockets
    func socketPair(_ domain: CInt, _ type: CInt, _ protocol: CInt) throws(Errno) -> (CInt, CInt)
    func setSocketOption(_ descriptor: CInt, _ level: CInt, _ name: CInt, _ value: CInt) throws(Errno)
    func send(_ descriptor: CInt, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: CInt) throws(Errno) -> Int
    func receive(_ descriptor: CInt, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ flags: CInt) throws(Errno) -> Int

    // MARK: Processes and users
    func spawn(_ request: SpawnRequest) throws(Errno) -> pid_t
    func execute(_ executable: String, _ arguments: [String]) -> Errno
    func pidfdOpen(_ process: pid_t, _ flags: UInt32) throws(Errno) -> CInt
    func kill(_ process: pid_t, _ signal: CInt) throws(Errno)
    func waitpid(_ process: pid_t, _ options: CInt) throws(Errno) -> (process: pid_t, status: CInt)
    func environmentValue(_ name: String) -> String?
    func environment() -> [String]
    func processID() -> pid_t
    func userID() -> uid_t
    func effectiveUserID() -> uid_t
    func userName(_ user: uid_t) -> String?
    func groupName(_ group: gid_t) -> String?

    // MARK: Terminals
    func isTerminal(_ descriptor: CInt) -> Bool
    func terminalAttributes(_ descriptor: CInt) throws(Errno) -> termios
    func setTerminalAttributes(_ descriptor: CInt, _ action: CInt, _ attributes: termios) throws(Errno)

    // MARK: Clocks, the host, threads
    func clockTime(_ clock: clockid_t) -> timespec
    func hostName() throws(Errno) -> String
    func configurationValue(_ name: CInt) -> Int
    func sleep(microseconds: UInt32)
    func createThread(_ body: @escaping @Sendable () -> Void) throws(Errno) -> pthread_t
    func joinThread(_ thread: pthread_t)
}

/// The real calls.
package struct LinuxSystemCalls: SystemCallTable {
    @inlinable
    package init() {}
}

/// What `SystemCallTable.spawn` starts: a program with its arguments, its standard input read
/// from a file, its standard output and error written to descriptors this process holds, with
/// every other descriptor closed, no signal blocked and every signal at its default action.
package struct SpawnRequest: Sendable {
    /// The program's path.
    package var executable: String
    /// Its arguments, its name first.
    package var arguments: [String]
    /// `NAME=VALUE` lines replacing this process's environment, nil to inherit it.
    package var environment: [String]?
    /// The file its standard input reads.
    package var input: String
    /// Where its standard output goes.
    package var output: CInt
    /// Where its standard error goes.
    package var error: CInt
    /// Its working directory, nil for this process's.
    package var workingDirectory: String?
}

extension SystemCallTable {
    /// `result`, unless it is -1 (the C library's failure): then the `errno` it set.
    @inline(__always)
    func checked<Result: FixedWidthInteger>(_ result: Result) throws(Errno) -> Result {
        guard result == -1 else { return result }
        throw Errno(rawValue: Glibc.errno)
    }

    /// Nothing, unless `result` is -1 (the C library's failure): then the `errno` it set.
    @inline(__always)
    func succeeded(_ result: CInt) throws(Errno) {
        guard result == -1 else { return }
        throw Errno(rawValue: Glibc.errno)
    }
}
