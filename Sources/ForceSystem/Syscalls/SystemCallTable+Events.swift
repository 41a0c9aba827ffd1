import CSystemShims
import Glibc
import SystemPackage

// The real calls of the event loop (epoll, timerfd, signalfd, eventfd, inotify) and of sockets:
// the default implementations of `SystemCallTable`.
extension SystemCallTable {
    package func epollCreate(_ flags: CInt) throws(Errno) -> CInt {
        try checked(epoll_create1(flags))
    }

    package func epollControl(_ epoll: CInt, _ operation: CInt, _ descriptor: CInt, _ events: UInt32) throws(Errno) {
        try succeeded(fb_epoll_control(epoll, operation, descriptor, events))
    }

    package func epollWait(_ epoll: CInt, _ descriptors: UnsafeMutablePointer<CInt>, _ events: UnsafeMutablePointer<UInt32>,
                           _ capacity: CInt, _ timeout: CInt) throws(Errno) -> CInt {
        try checked(fb_epoll_wait(epoll, descriptors, events, capacity, timeout))
    }

    package func timerfdCreate(_ clock: clockid_t, _ flags: CInt) throws(Errno) -> CInt {
        try checked(timerfd_create(clock, flags))
    }

    package func timerfdArm(_ descriptor: CInt, _ nanoseconds: Int64) throws(Errno) {
        try succeeded(fb_timerfd_arm(descriptor, nanoseconds))
    }

    package func signalfd(_ descriptor: CInt, _ signals: [CInt], _ previousMask: inout sigset_t) throws(Errno) -> CInt {
        try checked(signals.withUnsafeBufferPointer { fb_signalfd(descriptor, $0.baseAddress, CInt($0.count), &previousMask) })
    }

    package func restoreSignals(_ signals: [CInt], _ previousMask: sigset_t) {
        var previous = previousMask
        signals.withUnsafeBufferPointer { fb_restore_signals($0.baseAddress, CInt($0.count), &previous) }
    }

    package func readSignal(_ descriptor: CInt) throws(Errno) -> CInt {
        try checked(fb_read_signal(descriptor))
    }

    package func eventfd(_ initialValue: UInt32, _ flags: CInt) throws(Errno) -> CInt {
        try checked(CSystemShims.eventfd(initialValue, flags))
    }

    package func inotifyInit(_ flags: CInt) throws(Errno) -> CInt {
        try checked(inotify_init1(flags))
    }

    package func inotifyAddWatch(_ descriptor: CInt, _ path: String, _ mask: UInt32) throws(Errno) -> CInt {
        try checked(inotify_add_watch(descriptor, path, mask))
    }

    package func socketPair(_ domain: CInt, _ type: CInt, _ protocol: CInt) throws(Errno) -> (CInt, CInt) {
        var pair: [CInt] = [-1, -1]
        try succeeded(socketpair(domain, type, `protocol`, &pair))
        return (pair[0], pair[1])
    }

    package func setSocketOption(_ descriptor: CInt, _ level: CInt, _ name: CInt, _ value: CInt) throws(Errno) {
        var option = value
        try succeeded(setsockopt(descriptor, level, name, &option, socklen_t(MemoryLayout<CInt>.size)))
    }

    package func send(_ descriptor: CInt, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: CInt) throws(Errno) -> Int {
        try checked(Glibc.send(descriptor, buffer, count, flags))
    }

    package func receive(_ descriptor: CInt, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ flags: CInt) throws(Errno) -> Int {
        try checked(recv(descriptor, buffer, count, flags))
    }
}
