#if FORCEBRIDGE_SYSCALL_SEAM
import CSystemShims
import ForceSystem
import Glibc
import Synchronization
import SystemPackage
import Testing

/// The event loop when the kernel refuses: what it reports, and that it leaves no descriptor
/// behind; and that an interrupted wait goes on.
@Suite("event loop: system call failures")
struct EventLoopSystemCallTests {
    /// Fails `timerfd_create`, `epoll_wait`, adding to epoll or `eventfd` as set, interrupts the
    /// first `interruptedWaits` waits, and records the epoll descriptors made and every close.
    final class LoopCalls: SystemCallTable {
        struct Settings {
            var timerfdFailure: Errno?
            var waitFailure: Errno?
            var watchFailure: Errno?
            var eventfdFailure: Errno?
            var interruptedWaits = 0
        }

        let settings = Mutex(Settings())
        let record = Mutex((closed: [CInt](), epolls: [CInt](), waits: 0))

        func epollCreate(_ flags: CInt) throws(Errno) -> CInt {
            let epoll = try LinuxSystemCalls().epollCreate(flags)
            record.withLock { $0.epolls.append(epoll) }
            return epoll
        }

        func timerfdCreate(_ clock: clockid_t, _ flags: CInt) throws(Errno) -> CInt {
            if let failure = settings.withLock({ $0.timerfdFailure }) { throw failure }
            return try LinuxSystemCalls().timerfdCreate(clock, flags)
        }

        func epollControl(_ epoll: CInt, _ operation: CInt, _ descriptor: CInt, _ events: UInt32) throws(Errno) {
            if operation == EPOLL_CTL_ADD, let failure = settings.withLock({ $0.watchFailure }) { throw failure }
            try LinuxSystemCalls().epollControl(epoll, operation, descriptor, events)
        }

        func epollWait(_ epoll: CInt, _ descriptors: UnsafeMutablePointer<CInt>, _ events: UnsafeMutablePointer<UInt32>,
                       _ capacity: CInt, _ timeout: CInt) throws(Errno) -> CInt {
            let wait = record.withLock { $0.waits += 1; return $0.waits }
            let settings = settings.withLock { $0 }
            if wait <= settings.interruptedWaits { throw .interrupted }
            if let failure = settings.waitFailure { throw failure }
            return try LinuxSystemCalls().epollWait(epoll, descriptors, events, capacity, timeout)
        }

        func eventfd(_ initialValue: UInt32, _ flags: CInt) throws(Errno) -> CInt {
            if let failure = settings.withLock({ $0.eventfdFailure }) { throw failure }
            return try LinuxSystemCalls().eventfd(initialValue, flags)
        }

        func close(_ descriptor: CInt) throws(Errno) {
            record.withLock { $0.closed.append(descriptor) }
            try LinuxSystemCalls().close(descriptor)
        }
    }

    @Test("a loop whose timerfd cannot be made says so and closes its epoll descriptor")
    func timerfdFailure() throws {
        let calls = LoopCalls()
        calls.settings.withLock { $0.timerfdFailure = .tooManyOpenFiles }
        SystemCallSeam.withSubstitute(calls) {
            #expect(throws: SystemError(path: "timerfd", operation: "timerfd_create", errno: .tooManyOpenFiles)) { try EventLoop() }
        }
        let record = calls.record.withLock { $0 }
        #expect(record.epolls.count == 1)
        #expect(record.closed == record.epolls, "the epoll descriptor made first is closed again")
    }

    @Test("a failed wait is the loop's error; an interrupted one goes on waiting")
    func waits() throws {
        let calls = LoopCalls()
        calls.settings.withLock { $0.interruptedWaits = 2 }
        try SystemCallSeam.withSubstitute(calls) {
            let loop = try EventLoop()
            var fired = false
            let timer = loop.makeTimer { fired = true }
            timer.schedule(after: .milliseconds(1))
            try loop.runOnce(timeout: .seconds(5))
            #expect(fired, "the timer fired after two interrupted waits")
            #expect(calls.record.withLock { $0.waits } == 3)
            calls.settings.withLock { $0.waitFailure = .badFileDescriptor }
            #expect(throws: SystemError(path: "epoll", operation: "epoll_wait", errno: .badFileDescriptor)) {
                try loop.runOnce(timeout: .zero)
            }
        }
    }

    @Test("a descriptor the kernel will not watch is an error naming it")
    func watchFailure() throws {
        let calls = LoopCalls()
        try SystemCallSeam.withSubstitute(calls) {
            let loop = try EventLoop()
            let wakeup = try LoopWakeup()
            calls.settings.withLock { $0.watchFailure = .noSpace }
            #expect(throws: SystemError(path: "fd \(wakeup.fileDescriptor.rawValue)", operation: "epoll_ctl", errno: .noSpace)) {
                try loop.watch(wakeup.fileDescriptor) {}
            }
            #expect(!loop.isWatching(wakeup.fileDescriptor))
        }
    }

    @Test("a wake-up without an eventfd is an error, not a wake-up that never wakes")
    func wakeupFailure() {
        let calls = LoopCalls()
        calls.settings.withLock { $0.eventfdFailure = .tooManyOpenFiles }
        SystemCallSeam.withSubstitute(calls) {
            #expect(throws: SystemError(path: "eventfd", operation: "eventfd", errno: .tooManyOpenFiles)) { try LoopWakeup() }
        }
    }
}
#endif
