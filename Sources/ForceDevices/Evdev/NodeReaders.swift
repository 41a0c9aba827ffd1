import CEvdev
import CSystemShims
import ForceSystem
import Glibc
import SystemPackage

/// Finds the programs that keep a device node open: the readers a virtual device's creator waits
/// for before its first events.
///
/// udev opens every new input node for a moment to probe it (its `evdev` and `input_id`
/// builtins, and the programs its rules run: libinput's `libinput-fuzz-extract` and
/// `libinput-fuzz-to-zero` open every new touchscreen's and touchpad's node), so an open alone
/// says nothing. A reader is a process that holds the node open, as `/proc/PID/fd` shows, other
/// than udev's own workers, the programs they run, and this process. inotify (`IN_OPEN`,
/// `IN_CLOSE`) says when to look: `fileDescriptor` becomes readable when the node is opened or
/// closed. An open is visible in `/proc` only a moment after inotify reports it, so look again
/// shortly after (see `followUpDelays`).
///
/// Processes of other users cannot be inspected without privileges; their opens are not seen
/// as readers.
package final class NodeReaders {
    /// The node watched.
    package let path: String
    /// Readable once the node was opened or closed; call `takeNotifications()` then.
    package let fileDescriptor: FileDescriptor

    /// When to look again after a notification, so that an open whose descriptor was not yet in
    /// `/proc` at the first look is found.
    package static let followUpDelays: [Duration] = [.milliseconds(50), .milliseconds(250), .seconds(1)]

    /// The command names of udev's workers, whose probes are not readers.
    static let udevWorkers: Set<String> = ["systemd-udevd", "(udev-worker)", "udevd"]

    /// Starts watching `path` (opens before this call are not notified, but `readers()` sees
    /// them).
    package init(path: String) throws(DeviceError) {
        self.path = path
        let descriptor: FileDescriptor
        do {
            descriptor = try SystemCall.inotifyInit(flags: CInt(IN_NONBLOCK | IN_CLOEXEC))
        } catch {
            throw .system(path: path, operation: "inotify_init1", errno: error)
        }
        do {
            try SystemCall.inotifyAddWatch(descriptor, path: path, mask: UInt32(IN_OPEN | IN_CLOSE_WRITE | IN_CLOSE_NOWRITE))
        } catch {
            descriptor.closeQuietly()
            if error == .noSuchFileOrDirectory { throw .noSuchNode(path: path) }
            throw .system(path: path, operation: "watching for readers", errno: error)
        }
        fileDescriptor = descriptor
    }

    deinit { fileDescriptor.closeQuietly() }

    /// Empties the notification queue; returns whether the node was opened or closed since the
    /// last call.
    package func takeNotifications() -> Bool {
        var notified = false
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let length = buffer.withUnsafeMutableBytes { (try? SystemCall.read(fileDescriptor, into: $0)) ?? 0 }
            guard length > 0 else { return notified }
            notified = true
        }
    }

    /// The processes other than this one and udev's (its workers and what they run) that hold
    /// the node open now.
    package func readers() -> [pid_t] {
        let own = SystemCall.processID
        var found: [pid_t] = []
        for name in (try? SystemCall.directoryEntries("/proc")) ?? [] {
            guard let pid = pid_t(name), pid != own else { continue }
            if holdsNode(pid), !Self.isPartOfUdev(pid) { found.append(pid) }
        }
        return found
    }

    /// Whether `pid` is one of udev's workers or a program one of them runs for a rule
    /// (`IMPORT{program}`, `RUN{program}`), directly or through a shell: it probes, it does not
    /// read. Looks at most a few generations up.
    static func isPartOfUdev(_ pid: pid_t) -> Bool {
        var current: pid_t? = pid
        for _ in 0..<4 {
            guard let process = current, process > 1 else { return false }
            if udevWorkers.contains(command(of: process)) { return true }
            current = parent(of: process)
        }
        return false
    }

    /// The parent of `pid` (the field after the state in `/proc/PID/stat`), nil when unknown.
    static func parent(of pid: pid_t) -> pid_t? {
        guard let file = try? SystemCall.open("/proc/\(pid)/stat", .readOnly, options: .closeOnExec) else { return nil }
        defer { file.closeQuietly() }
        var bytes = [UInt8](repeating: 0, count: 512)
        let length = bytes.withUnsafeMutableBytes { (try? SystemCall.read(file, into: $0)) ?? 0 }
        // "PID (COMMAND) STATE PPID ...": the command may hold spaces and parentheses.
        guard let close = bytes[0..<length].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)..<length].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return pid_t(String(decoding: fields[1], as: UTF8.self))
    }

    /// Whether process `pid` has a descriptor open on the node (false when it cannot be seen).
    private func holdsNode(_ pid: pid_t) -> Bool {
        let folder = "/proc/\(pid)/fd"
        guard let names = try? SystemCall.directoryEntries(folder) else { return false }
        return names.contains { name in
            name.first?.isNumber == true && (try? SystemCall.linkTarget("\(folder)/\(name)")) == path
        }
    }

    /// The command name of `pid` (`/proc/PID/comm`), empty when unknown.
    static func command(of pid: pid_t) -> String {
        guard let file = try? SystemCall.open("/proc/\(pid)/comm", .readOnly, options: .closeOnExec) else { return "" }
        defer { file.closeQuietly() }
        var bytes = [UInt8](repeating: 0, count: 64)
        let length = bytes.withUnsafeMutableBytes { (try? SystemCall.read(file, into: $0)) ?? 0 }
        return String(decoding: bytes[0..<length], as: UTF8.self).trimmingWhitespace
    }
}
