#if FORCEBRIDGE_SYSCALL_SEAM
import ForceCore
@testable import ForceDevices
import ForceSystem
import Glibc
import Synchronization
import SystemPackage
import Testing

/// What the device layer finds out about a node without opening it: who may open it and why
/// not, and which processes hold it open.
@Suite("device access and readers, with the system's answers simulated")
struct DeviceAccessHostTests {
    /// A node that the user may read (`readable`), write (`writable`), or neither, owned by
    /// `input` with mode 0660.
    struct Permissions: SystemCallTable {
        let node: String
        let readable: Bool, writable: Bool, exists: Bool

        func access(_ path: String, _ mode: CInt) throws(Errno) {
            guard path == node else { return try LinuxSystemCalls().access(path, mode) }
            guard exists else { throw .noSuchFileOrDirectory }
            if mode & W_OK != 0 && !writable { throw .permissionDenied }
            if mode & R_OK != 0 && !readable { throw .permissionDenied }
        }

        func stat(_ path: String) throws(Errno) -> stat {
            guard path == node else { return try LinuxSystemCalls().stat(path) }
            return ownedByRootAndInput()
        }

        func userName(_ user: uid_t) -> String? { user == 0 ? "root" : nil }
        func groupName(_ group: gid_t) -> String? { group == 104 ? "input" : nil }
    }

    @Test("read-write, read-only, or denied with the owner, group and mode that deny it")
    func access() {
        let node = "/dev/input/event42"
        func check(readable: Bool, writable: Bool, exists: Bool = true) -> DeviceAccess {
            SystemCallSeam.withSubstitute(Permissions(node: node, readable: readable, writable: writable, exists: exists)) {
                DeviceAccess.check(node)
            }
        }
        #expect(check(readable: true, writable: true) == .readWrite)
        #expect(check(readable: true, writable: false) == .readOnly)
        #expect(check(readable: false, writable: false)
            == .denied(reason: "owned by root:input with mode 660, and no ACL grants you access", byPermissions: true))
        #expect(check(readable: false, writable: false, exists: false) == .denied(reason: "the node does not exist"))
    }

    /// `/proc` with three other processes: 42 holds `node` open, 77 (udev's worker) too, 99
    /// holds something else; and this process, which holds it as well.
    struct Processes: SystemCallTable {
        let node: String
        let commands: TemporaryFiles

        func directoryEntries(_ path: String) throws(Errno) -> [String] {
            let own = String(LinuxSystemCalls().processID())
            switch path {
            case "/proc": return ["1", "42", "77", "99", "self", own]
            case "/proc/42/fd", "/proc/77/fd", "/proc/99/fd", "/proc/\(own)/fd": return ["0", "1", "5"]
            case "/proc/1/fd": throw .permissionDenied
            default: return try LinuxSystemCalls().directoryEntries(path)
            }
        }

        func readlink(_ path: String) throws(Errno) -> String {
            guard path.hasPrefix("/proc/") else { return try LinuxSystemCalls().readlink(path) }
            return path.hasSuffix("/fd/5") && !path.hasPrefix("/proc/99/") ? node : "/dev/pts/0"
        }

        func open(_ path: String, _ flags: CInt, _ mode: mode_t) throws(Errno) -> CInt {
            guard path.hasPrefix("/proc/"), path.hasSuffix("/comm") else { return try LinuxSystemCalls().open(path, flags, mode) }
            let command = path == "/proc/77/comm" ? "systemd-udevd\n" : "reader\n"
            return try LinuxSystemCalls().open(commands.file(containing: command), flags, mode)
        }
    }

    /// Files holding the texts `/proc/PID/comm` is simulated with.
    final class TemporaryFiles: Sendable {
        let directory: String
        init() throws { directory = try FileSystem.makeTemporaryDirectory(prefix: "forcebridge-comm-") }
        deinit { FileSystem.removeTree(directory) }
        func file(containing text: String) -> String {
            let path = directory + "/" + String(text.hashValue, radix: 16)
            try? FileSystem.write(Array(text.utf8), to: path)
            return path
        }
    }

    @Test("the readers of a node are the other processes holding it, udev's probing workers left out")
    func readers() throws {
        let commands = try TemporaryFiles()
        let node = commands.file(containing: "")
        let readers = try NodeReaders(path: node)
        let found = SystemCallSeam.withSubstitute(Processes(node: node, commands: commands)) { readers.readers() }
        #expect(found == [42])
    }
}

/// A character device owned by root and group 104 (`input`), mode 0660.
private func ownedByRootAndInput() -> stat {
    var status = stat()
    status.st_mode = S_IFCHR | 0o660
    status.st_uid = 0
    status.st_gid = 104
    return status
}
#endif
