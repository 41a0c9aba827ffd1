#if FORCEBRIDGE_SYSCALL_SEAM
import ForceSystem
import Glibc
import Synchronization
import SystemPackage
import Testing

/// What a stream socket's `send` reports for each answer of the kernel.
@Suite("stream socket: what send reports")
struct StreamSocketTests {
    /// Answers every `send` with `failure` after `interruptions` interrupted attempts (nil:
    /// passes it on).
    final class SendCalls: SystemCallTable {
        let failure: Errno?
        let interruptions: Int
        let attempts = Mutex(0)

        init(failure: Errno?, interruptions: Int = 0) {
            self.failure = failure
            self.interruptions = interruptions
        }

        func send(_ descriptor: CInt, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: CInt) throws(Errno) -> Int {
            let attempt = attempts.withLock { $0 += 1; return $0 }
            if attempt <= interruptions { throw .interrupted }
            if let failure { throw failure }
            return try LinuxSystemCalls().send(descriptor, buffer, count, flags)
        }
    }

    @Test("a full buffer is .full, a gone peer .closed, an interruption is sent again",
          arguments: [(Errno?.some(.resourceTemporarilyUnavailable), StreamSocket.SendResult.full),
                      (.brokenPipe, .closed), (.connectionReset, .closed), (nil, .sent(5))])
    func sendResults(failure: Errno?, expected: StreamSocket.SendResult) throws {
        let socket = try StreamSocket()
        let calls = SendCalls(failure: failure, interruptions: 2)
        let result = SystemCallSeam.withSubstitute(calls) { socket.send(Array("hello".utf8)) }
        #expect(result == expected)
        #expect(calls.attempts.withLock { $0 } == 3)
    }

    @Test("the peer is gone once it closed its end")
    func peerGone() throws {
        let socket = try StreamSocket()
        #expect(!socket.isPeerGone)
        socket.closeRemote()
        #expect(socket.isPeerGone)
        #expect(socket.send(Array("late".utf8)) == .closed)
    }
}
#endif
