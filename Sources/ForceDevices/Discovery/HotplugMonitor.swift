import CEvdev
import CSystemShims
import CUdev
import ForceSystem
import Glibc
import Logging
import SystemPackage

/// Follows event devices coming and going.
///
/// With udevd running it listens to udev's own announcements (a device is announced once its
/// node has its final permissions and properties); without udevd it watches `/dev/input` with
/// inotify, where devtmpfs creates and removes nodes. Either way it is a file descriptor to wait on.
public final class HotplugMonitor {
    /// A change.
    public enum Change: Equatable, Sendable {
        /// A node appeared.
        case added(node: String)
        /// A node went away.
        case removed(node: String)
    }

    /// Where changes come from.
    public enum Backend: String, Sendable {
        /// udev's netlink monitor.
        case udev
        /// inotify on `/dev/input`.
        case deviceDirectory
    }

    /// Which source is used.
    public let backend: Backend
    /// The descriptor to wait on.
    public let fileDescriptor: FileDescriptor

    private var udev: OpaquePointer?
    private var monitor: OpaquePointer?
    private var known: Set<String> = []
    private let directory: String

    /// Starts following `/dev/input` (the directory is for tests).
    public init(directory: String = "/dev/input", preferUdev: Bool = true) throws(DeviceError) {
        self.directory = directory
        if preferUdev, SystemCall.isAccessible("/run/udev/control", F_OK), let udev = udev_new() {
            if let monitor = udev_monitor_new_from_netlink(udev, "udev"),
               udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil) >= 0,
               udev_monitor_enable_receiving(monitor) >= 0 {
                self.udev = udev
                self.monitor = monitor
                backend = .udev
                fileDescriptor = FileDescriptor(rawValue: udev_monitor_get_fd(monitor))
                return
            }
            udev_unref(udev)
        }
        let descriptor: FileDescriptor
        do {
            descriptor = try SystemCall.inotifyInit(flags: CInt(IN_NONBLOCK | IN_CLOEXEC))
        } catch {
            throw .system(path: directory, operation: "inotify_init1", errno: error)
        }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_TO | IN_MOVED_FROM)
        do {
            try SystemCall.inotifyAddWatch(descriptor, path: directory, mask: mask)
        } catch {
            descriptor.closeQuietly()
            throw .system(path: directory, operation: "watching for new devices", errno: error)
        }
        backend = .deviceDirectory
        fileDescriptor = descriptor
        known = Self.eventNodes(in: directory)
    }

    deinit {
        if let monitor { udev_monitor_unref(monitor) }
        if let udev { udev_unref(udev) }
        if backend == .deviceDirectory { fileDescriptor.closeQuietly() }
    }

    /// The changes since the last call; call when `fileDescriptor` is readable.
    public func changes() -> [Change] {
        let result = collectChanges()
        let logger = Logger.devices
        let source = backend == .deviceDirectory ? "inotify" : "udev"
        for change in result {
            switch change {
            case .added(let node): logger.debug("hotplug: added", metadata: ["node": "\(node)", "from": "\(source)"])
            case .removed(let node): logger.debug("hotplug: removed", metadata: ["node": "\(node)", "from": "\(source)"])
            }
        }
        return result
    }

    private func collectChanges() -> [Change] {
        var result: [Change] = []
        if let monitor {
            while let device = udev_monitor_receive_device(monitor) {
                defer { udev_device_unref(device) }
                guard let node = udev_device_get_devnode(device).map({ String(cString: $0) }),
                      let sysname = udev_device_get_sysname(device).map({ String(cString: $0) }),
                      sysname.hasPrefix("event"),
                      let action = udev_device_get_action(device).map({ String(cString: $0) })
                else { continue }
                if action == "add" { result.append(.added(node: node)) }
                if action == "remove" { result.append(.removed(node: node)) }
            }
            return result
        }
        // inotify: empty the queue, then compare the directory with what was there before.
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ (try? SystemCall.read(fileDescriptor, into: $0)) ?? 0 }) > 0 {}
        let now = Self.eventNodes(in: directory)
        for node in now.subtracting(known).sorted() { result.append(.added(node: node)) }
        for node in known.subtracting(now).sorted() { result.append(.removed(node: node)) }
        known = now
        return result
    }

    static func eventNodes(in directory: String) -> Set<String> {
        let names = (try? SystemCall.directoryEntries(directory)) ?? []
        return Set(names.filter { $0.hasPrefix("event") }.map { directory + "/" + $0 })
    }
}
