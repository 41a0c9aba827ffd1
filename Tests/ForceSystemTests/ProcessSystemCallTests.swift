#if FORCEBRIDGE_SYSCALL_SEAM
import ForceSystem
import Glibc
import Synchronization
import SystemPackage
import Testing

/// Child processes and threads when the kernel refuses them: the error says what could not be
/// started, and nothing is left behind (no pipe, no unreaped child).
@Suite("processes and threads: system call failures")
struct ProcessSystemCallTests {
    /// Refuses to spawn or to open a pidfd, as set; records the pipes made, the descriptors
    /// closed, and the signals sent and children reaped.
    final class ProcessCalls: SystemCallTable {
        let spawnFailure: Errno?
        let pidfdFailure: Errno?
        let record = Mutex((pipes: [CInt](), closed: [CInt](), killed: [(pid_t, CInt)](), reaped: [pid_t]()))

        init(spawnFailure: Errno? = nil, pidfdFailure: Errno? = nil) {
            self.spawnFailure = spawnFailure
            self.pidfdFailure = pidfdFailure
        }

        func pipe(_ flags: CInt) throws(Errno) -> (readEnd: CInt, writeEnd: CInt) {
            let ends = try LinuxSystemCalls().pipe(flags)
            record.withLock { $0.pipes += [ends.readEnd, ends.writeEnd] }
            return ends
        }

        func close(_ descriptor: CInt) throws(Errno) {
            record.withLock { $0.closed.append(descriptor) }
            try LinuxSystemCalls().close(descriptor)
        }

        func spawn(_ request: SpawnRequest) throws(Errno) -> pid_t {
            if let spawnFailure { throw spawnFailure }
            return try LinuxSystemCalls().spawn(request)
        }

        func pidfdOpen(_ process: pid_t, _ flags: UInt32) throws(Errno) -> CInt {
            if let pidfdFailure { throw pidfdFailure }
            return try LinuxSystemCalls().pidfdOpen(process, flags)
        }

        func kill(_ process: pid_t, _ signal: CInt) throws(Errno) {
            record.withLock { $0.killed.append((process, signal)) }
            try LinuxSystemCalls().kill(process, signal)
        }

        func waitpid(_ process: pid_t, _ options: CInt) throws(Errno) -> (process: pid_t, status: CInt) {
            let result = try LinuxSystemCalls().waitpid(process, options)
            if result.process == process { record.withLock { $0.reaped.append(process) } }
            return result
        }

        func createThread(_ body: @escaping @Sendable () -> Void) throws(Errno) -> pthread_t { throw .resourceTemporarilyUnavailable }
    }

    @Test("a program that cannot be started is an error naming it, and its pipes are closed")
    func spawnFailure() {
        let calls = ProcessCalls(spawnFailure: .resourceTemporarilyUnavailable)
        SystemCallSeam.withSubstitute(calls) {
            #expect(throws: SystemError(path: "/bin/true", operation: "starting the program", errno: .resourceTemporarilyUnavailable)) {
                try Subprocess("/bin/true", [])
            }
        }
        let record = calls.record.withLock { $0 }
        #expect(record.pipes.count == 4)
        #expect(Set(record.closed) == Set(record.pipes), "both pipes, both ends")
    }

    @Test("a started program whose end cannot be awaited is killed and reaped, not left running")
    func pidfdFailure() {
        let calls = ProcessCalls(pidfdFailure: .tooManyOpenFiles)
        SystemCallSeam.withSubstitute(calls) {
            #expect(throws: SystemError(path: "/bin/sleep", operation: "pidfd_open", errno: .tooManyOpenFiles)) {
                try Subprocess("/bin/sleep", ["60"])
            }
        }
        let record = calls.record.withLock { $0 }
        #expect(record.killed.count == 1 && record.killed.first?.1 == SIGKILL)
        #expect(record.reaped == record.killed.map(\.0))
    }

    @Test("a thread that cannot be started is an error, not a closure that never runs")
    func threadFailure() {
        SystemCallSeam.withSubstitute(ProcessCalls()) {
            #expect(throws: SystemError(path: "thread", operation: "pthread_create", errno: .resourceTemporarilyUnavailable)) {
                try WorkerThread {}
            }
        }
    }

    @Test("a process exists unless the kernel says there is no such process")
    func processExists() {
        #expect(Subprocess.processExists(Subprocess.currentProcessID))
        struct NoProcess: SystemCallTable {
            func kill(_ process: pid_t, _ signal: CInt) throws(Errno) { throw .noSuchProcess }
        }
        struct NotPermitted: SystemCallTable {
            func kill(_ process: pid_t, _ signal: CInt) throws(Errno) { throw .notPermitted }
        }
        #expect(!SystemCallSeam.withSubstitute(NoProcess()) { Subprocess.processExists(1) })
        #expect(SystemCallSeam.withSubstitute(NotPermitted()) { Subprocess.processExists(1) }, "another user's process exists")
    }
}
#endif
