import Glibc
import SystemPackage

// The event loop's descriptors (epoll, timerfd, signalfd, eventfd, inotify) and sockets.
extension SystemCall {
    /// A new epoll instance.
    package static func epollCreate(flags: CInt) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retrying { () throws(Errno) in try table.epollCreate(flags) })
    }

    /// Adds, changes (`operation`: `EPOLL_CTL_ADD`, `_MOD`, `_DEL`) or removes `descriptor`'s
    /// watch for `events`.
    package static func epollControl(_ epoll: FileDescriptor, _ operation: CInt, _ descriptor: FileDescriptor, events: UInt32) throws(Errno) {
        try retrying { () throws(Errno) in try table.epollControl(epoll.rawValue, operation, descriptor.rawValue, events) }
    }

    /// Waits up to `timeout` ms (-1: no limit) for ready descriptors, filling `descriptors` and
    /// `events` (as many as they hold, at most 64); returns how many are ready.
    package static func epollWait(_ epoll: FileDescriptor, descriptors: inout [CInt], events: inout [UInt32], timeout: CInt) throws(Errno) -> Int {
        let capacity = CInt(min(descriptors.count, events.count))
        return Int(try retrying { () throws(Errno) in try table.epollWait(epoll.rawValue, &descriptors, &events, capacity, timeout) })
    }

    /// A new timerfd on `clock`.
    package static func timerfdCreate(clock: clockid_t, flags: CInt) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retrying { () throws(Errno) in try table.timerfdCreate(clock, flags) })
    }

    /// Arms `timer` for the absolute monotonic time `nanoseconds` (0 disarms it).
    package static func timerfdArm(_ timer: FileDescriptor, nanoseconds: Int64) throws(Errno) {
        try retrying { () throws(Errno) in try table.timerfdArm(timer.rawValue, nanoseconds) }
    }

    /// Blocks `signals` and returns a signalfd reporting them: `descriptor` updated, or a new
    /// one when it is nil. `previousMask` receives the mask before.
    package static func signalfd(_ descriptor: FileDescriptor?, signals: [CInt], previousMask: inout sigset_t) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retrying { () throws(Errno) in try table.signalfd(descriptor?.rawValue ?? -1, signals, &previousMask) })
    }

    /// Unblocks those of `signals` that `previousMask` (saved by `signalfd`) did not block.
    package static func restoreSignals(_ signals: [CInt], previousMask: sigset_t) {
        table.restoreSignals(signals, previousMask)
    }

    /// The number of the next pending signal of a signalfd (`EAGAIN` when none is pending).
    package static func readSignal(_ descriptor: FileDescriptor) throws(Errno) -> CInt {
        try retrying { () throws(Errno) in try table.readSignal(descriptor.rawValue) }
    }

    /// A new eventfd.
    package static func eventfd(initialValue: UInt32 = 0, flags: CInt) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retrying { () throws(Errno) in try table.eventfd(initialValue, flags) })
    }

    /// A new inotify instance.
    package static func inotifyInit(flags: CInt) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retrying { () throws(Errno) in try table.inotifyInit(flags) })
    }

    /// Watches `path` for `mask`'s events on `inotify`.
    package static func inotifyAddWatch(_ inotify: FileDescriptor, path: String, mask: UInt32) throws(Errno) {
        _ = try retrying { () throws(Errno) in try table.inotifyAddWatch(inotify.rawValue, path, mask) }
    }

    /// A connected pair of sockets.
    package static func socketPair(domain: CInt, type: CInt, protocol: CInt = 0) throws(Errno) -> (FileDescriptor, FileDescriptor) {
        let pair = try table.socketPair(domain, type, `protocol`)
        return (FileDescriptor(rawValue: pair.0), FileDescriptor(rawValue: pair.1))
    }

    /// Sets the integer socket option `name` of `level`.
    package static func setSocketOption(_ socket: FileDescriptor, level: CInt, _ name: CInt, _ value: CInt) throws(Errno) {
        try table.setSocketOption(socket.rawValue, level, name, value)
    }

    /// Sends what fits of `bytes` (`flags`: `MSG_DONTWAIT`, ...); returns how many bytes went.
    package static func send(_ socket: FileDescriptor, _ bytes: UnsafeRawBufferPointer, flags: CInt) throws(Errno) -> Int {
        try retrying { () throws(Errno) in try table.send(socket.rawValue, bytes.baseAddress, bytes.count, flags) }
    }

    /// Receives up to `buffer.count` bytes (`flags`: `MSG_PEEK`, ...); 0 when the peer closed.
    package static func receive(_ socket: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer, flags: CInt) throws(Errno) -> Int {
        try retrying { () throws(Errno) in try table.receive(socket.rawValue, buffer.baseAddress, buffer.count, flags) }
    }
}
