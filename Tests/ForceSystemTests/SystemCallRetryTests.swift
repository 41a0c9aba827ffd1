#if FORCEBRIDGE_SYSCALL_SEAM
import ForceSystem
import Glibc
import Synchronization
import SystemPackage
import Testing

/// The funnel makes a call again when a signal interrupted it, continues short writes, and
/// reports every other failure as the call's `Errno`.
@Suite("system call funnel: retries and errors")
struct SystemCallRetryTests {
    /// Interrupts the first `interruptions` writes and reads, then lets through at most
    /// `writeLimit` bytes per write; counts the attempts.
    final class InterruptingCalls: SystemCallTable {
        let interruptions: Int
        let writeLimit: Int
        let attempts = Mutex((writes: 0, reads: 0))

        init(interruptions: Int, writeLimit: Int = .max) {
            self.interruptions = interruptions
            self.writeLimit = writeLimit
        }

        func write(_ descriptor: CInt, _ buffer: UnsafeRawPointer?, _ count: Int) throws(Errno) -> Int {
            let attempt = attempts.withLock { $0.writes += 1; return $0.writes }
            if attempt <= interruptions { throw .interrupted }
            return try LinuxSystemCalls().write(descriptor, buffer, min(count, writeLimit))
        }

        func read(_ descriptor: CInt, _ buffer: UnsafeMutableRawPointer?, _ count: Int) throws(Errno) -> Int {
            let attempt = attempts.withLock { $0.reads += 1; return $0.reads }
            if attempt <= interruptions { throw .interrupted }
            return try LinuxSystemCalls().read(descriptor, buffer, count)
        }
    }

    @Test("an interrupted write or read is made again, transparently")
    func interruptedCallsAreRetried() throws {
        let calls = InterruptingCalls(interruptions: 3)
        let (reading, writing) = try SystemCall.pipe(flags: O_CLOEXEC)
        defer {
            reading.closeQuietly()
            writing.closeQuietly()
        }
        var received = [UInt8](repeating: 0, count: 5)
        let count = try SystemCallSeam.withSubstitute(calls) {
            try Array("hello".utf8).withUnsafeBytes { try SystemCall.writeAll(writing, $0) }
            return try received.withUnsafeMutableBytes { try SystemCall.read(reading, into: $0) }
        }
        #expect(count == 5)
        #expect(String(decoding: received, as: UTF8.self) == "hello")
        #expect(calls.attempts.withLock { $0 } == (writes: 4, reads: 4), "three interruptions each, then the call")
    }

    @Test("a short write is continued until every byte is out")
    func shortWritesAreContinued() throws {
        let calls = InterruptingCalls(interruptions: 0, writeLimit: 3)
        let (reading, writing) = try SystemCall.pipe(flags: O_CLOEXEC)
        defer {
            reading.closeQuietly()
            writing.closeQuietly()
        }
        let text = Array("a line of twenty-six bytes".utf8)
        try SystemCallSeam.withSubstitute(calls) {
            try text.withUnsafeBytes { try writing.writeEverything($0) }
        }
        var received = [UInt8](repeating: 0, count: 64)
        let count = try received.withUnsafeMutableBytes { try SystemCall.read(reading, into: $0) }
        #expect(Array(received[0..<count]) == text)
        #expect(calls.attempts.withLock { $0.writes } == 9)
    }

    /// Fails every write with `code`.
    struct FailingWrites: SystemCallTable {
        let code: Errno
        func write(_ descriptor: CInt, _ buffer: UnsafeRawPointer?, _ count: Int) throws(Errno) -> Int { throw code }
    }

    @Test("any other failure is the call's Errno; FileOutput stops writing after one")
    func failuresAreTyped() throws {
        let (reading, writing) = try SystemCall.pipe(flags: O_CLOEXEC)
        defer {
            reading.closeQuietly()
            writing.closeQuietly()
        }
        let output = FileOutput(writing)
        SystemCallSeam.withSubstitute(FailingWrites(code: .brokenPipe)) {
            #expect(throws: Errno.brokenPipe) { try Array("x".utf8).withUnsafeBytes { try writing.writeEverything($0) } }
            #expect(!output.write(Array("lost\n".utf8)))
        }
        #expect(output.hasFailed)
        #expect(!output.write(Array("also lost\n".utf8)), "a failed output writes nothing more")
    }

    @Test("the substitute answers only its own task: the real calls elsewhere")
    func substitutesStayInTheirTask() async throws {
        let (reading, writing) = try SystemCall.pipe(flags: O_CLOEXEC)
        defer {
            reading.closeQuietly()
            writing.closeQuietly()
        }
        let elsewhere = try await SystemCallSeam.$substitute.withValue(FailingWrites(code: .noSpace)) {
            #expect(throws: Errno.noSpace) { try Array("z".utf8).withUnsafeBytes { try SystemCall.write(writing, $0) } }
            let detached = Task.detached { try Array("y".utf8).withUnsafeBytes { try SystemCall.write(writing, $0) } }
            return try await detached.value
        }
        #expect(elsewhere == 1, "a detached task does not inherit the substitute")
    }

    @Test("SystemError says what failed on what, with the C library's text")
    func systemErrorText() {
        let error = SystemError(path: "epoll", operation: "epoll_wait", errno: .badFileDescriptor)
        #expect(error.description == "epoll: epoll_wait failed: Bad file descriptor")
        #expect(SystemError.message(for: .permissionDenied) == "Permission denied")
    }
}
#endif
