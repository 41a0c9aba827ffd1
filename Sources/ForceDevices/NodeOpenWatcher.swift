import CEvdev
import Glibc

/// Tells when programs open a device node, through inotify's `IN_OPEN` (devtmpfs reports it
/// like any file system). A virtual device's creator uses it to hold its first events until
/// someone reads them.
public final class NodeOpenWatcher {
    /// The node watched.
    public let path: String
    /// The descriptor to watch; readable once the node was opened.
    public let fileDescriptor: Int32

    /// Starts watching `path` (opens before this call are not seen).
    public init(path: String) throws(DeviceError) {
        self.path = path
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw .system(path: path, operation: "inotify_init1", errno: errno) }
        guard inotify_add_watch(descriptor, path, UInt32(IN_OPEN)) >= 0 else {
            let code = errno
            Glibc.close(descriptor)
            if code == ENOENT { throw .noSuchNode(path: path) }
            throw .system(path: path, operation: "watching for readers", errno: code)
        }
        fileDescriptor = descriptor
    }

    deinit { Glibc.close(fileDescriptor) }

    /// How many opens were reported since the last call (0 when none); empties the queue.
    public func takeOpens() -> Int {
        var opens = 0
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let length = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            guard length > 0 else { return opens }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= length {
                let (mask, nameLength) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.mask, Int(event.len))
                }
                if mask & UInt32(IN_OPEN) != 0 { opens += 1 }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
    }
}
