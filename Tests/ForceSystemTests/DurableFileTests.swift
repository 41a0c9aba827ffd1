#if FORCEBRIDGE_SYSCALL_SEAM
import ForceSystem
import ForceTestSupport
import Glibc
import SystemPackage
import Testing

/// `FileSystem.replaceDurably` when the disk refuses part of the work: the old file stays whole,
/// no temporary file is left, and the error names the step and the path.
@Suite("durable file replacement: failures")
struct DurableFileTests {
    /// Fails the first call of one kind with `code`; passes everything else to the kernel.
    struct FailingStep: SystemCallTable {
        enum Step { case write, flush, permissions, rename }
        let step: Step
        let code: Errno

        func write(_ descriptor: CInt, _ buffer: UnsafeRawPointer?, _ count: Int) throws(Errno) -> Int {
            if step == .write { throw code }
            return try LinuxSystemCalls().write(descriptor, buffer, count)
        }

        func fsync(_ descriptor: CInt) throws(Errno) {
            if step == .flush { throw code }
            try LinuxSystemCalls().fsync(descriptor)
        }

        func fchmod(_ descriptor: CInt, _ mode: mode_t) throws(Errno) {
            if step == .permissions { throw code }
            try LinuxSystemCalls().fchmod(descriptor, mode)
        }

        func rename(_ path: String, _ newPath: String) throws(Errno) {
            if step == .rename { throw code }
            try LinuxSystemCalls().rename(path, newPath)
        }
    }

    @Test("a failed write, flush, chmod or rename keeps the old file and removes the temporary one",
          arguments: [
            (FailingStep.Step.write, Errno.noSpace, "ratings.json.tmp: cannot write: No space left on device"),
            (.flush, .ioError, "ratings.json.tmp: cannot flush: Input/output error"),
            (.permissions, .notPermitted, "ratings.json.tmp: cannot set the permissions of: Operation not permitted"),
            (.rename, .readOnlyFileSystem, "ratings.json: cannot replace: Read-only file system"),
          ])
    func failedStep(step: FailingStep.Step, code: Errno, message: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("old", to: "ratings.json")
        let error: FileSystemError? = SystemCallSeam.withSubstitute(FailingStep(step: step, code: code)) {
            do {
                try FileSystem.replaceDurably(path, with: Array("new".utf8), temporarySuffix: ".tmp", exactPermissions: true)
                return nil
            } catch let error as FileSystemError {
                return error
            } catch {
                return nil
            }
        }
        #expect(error.map { "\($0)".replacingPrefix(directory.path + "/") } == message)
        #expect(directory.read("ratings.json") == "old")
        #expect(directory.names() == ["ratings.json"])
    }

    @Test("without failures the new content replaces the old, with the permissions asked for")
    func replaces() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("old", to: "rules")
        try FileSystem.replaceDurably(path, with: Array("new".utf8), temporarySuffix: ".tmp",
                                      permissions: [.ownerReadWrite, .groupRead], exactPermissions: true)
        #expect(directory.read("rules") == "new")
        #expect(try SystemCall.status(ofPath: path).st_mode & 0o777 == 0o640)
        #expect(directory.names() == ["rules"])
    }

    /// Fails every read with `EIO`.
    struct FailingReads: SystemCallTable {
        func read(_ descriptor: CInt, _ buffer: UnsafeMutableRawPointer?, _ count: Int) throws(Errno) -> Int { throw .ioError }
    }

    @Test("a file that cannot be read says so, with its path")
    func failedRead() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("content", to: "recording.evemu")
        let file = try OpenFile.open(forReading: path)
        defer { file.close() }
        SystemCallSeam.withSubstitute(FailingReads()) {
            #expect(throws: FileSystemError(path: path, action: "cannot read", errno: .ioError)) { try file.readHead(count: 4) }
        }
        #expect(try file.readHead(count: 4) == Array("cont".utf8))
    }
}

extension String {
    /// The string without `prefix` at its start.
    fileprivate func replacingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
#endif
