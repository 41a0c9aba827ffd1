import CEvdev
import ForceCore
import Glibc

/// An open evdev device (`/dev/input/eventN`) read through libevdev.
///
/// Opened read-only and non-blocking unless force feedback is needed; timestamps come from
/// `CLOCK_MONOTONIC`. `drain(into:)` reads everything available without blocking, so a caller
/// waits with `EventLoop` (epoll) and never busy-waits. When the kernel drops events
/// (`SYN_DROPPED`), libevdev's sync mode delivers the delta to the current state, announced to
/// the sink with `beginResynchronization(at:)`. `ENODEV` means the device is gone.
public final class EvdevDevice {
    /// How the device is opened.
    public enum AccessMode: Sendable {
        /// `O_RDONLY`: enough to read events.
        case readOnly
        /// `O_RDWR`: needed to upload and play force-feedback effects.
        case readWrite
    }

    /// What a drain ended with.
    public enum DrainOutcome: Equatable, Sendable {
        /// Everything available was read; wait for more.
        case drained
        /// The device is gone (`ENODEV`).
        case deviceLost
        /// Reading failed with this errno.
        case failed(Int32)
    }

    /// The node.
    public let path: String
    /// How it was opened.
    public let mode: AccessMode
    /// What the kernel says the device is.
    public let description: DeviceDescription
    /// How many times the kernel dropped events since the device was opened.
    public private(set) var droppedEventBursts = 0

    private var descriptor: Int32
    private var handle: OpaquePointer?
    private var synchronizing = false

    /// Opens `path`.
    public init(path: String, mode: AccessMode = .readOnly) throws(DeviceError) {
        self.path = path
        self.mode = mode
        try Self.checkNode(path)
        let flags = (mode == .readOnly ? O_RDONLY : O_RDWR) | O_NONBLOCK | O_CLOEXEC
        let fd = fb_open(path, flags)
        guard fd >= 0 else { throw Self.openError(path: path, errno: errno, forWriting: mode == .readWrite) }
        var device: OpaquePointer?
        let status = libevdev_new_from_fd(fd, &device)
        guard status == 0, let device else {
            Glibc.close(fd)
            if -status == ENOTTY || -status == EINVAL {
                throw .notAnEventDevice(path: path, detail: "it does not answer evdev requests")
            }
            if -status == ENODEV { throw .deviceLost(path: path) }
            throw .system(path: path, operation: "reading the device description", errno: -status)
        }
        _ = libevdev_set_clock_id(device, CLOCK_MONOTONIC)
        descriptor = fd
        handle = device
        description = Self.describe(device, fd: fd)
    }

    deinit { close() }

    /// The file descriptor, for polling; -1 once closed.
    public var fileDescriptor: Int32 { descriptor }

    /// Whether the device is still open.
    public var isOpen: Bool { descriptor >= 0 }

    /// Closes the device.
    public func close() {
        if let handle { libevdev_free(handle) }
        handle = nil
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Reads every event available now into `sink`, without blocking.
    public func drain(into sink: any EventSink) -> DrainOutcome {
        guard let handle else { return .deviceLost }
        var event = input_event()
        while true {
            let flags = synchronizing ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
            let status = libevdev_next_event(handle, flags, &event)
            if status == Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue) {
                sink.process(Self.convert(event))
            } else if status == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                if synchronizing {
                    sink.process(Self.convert(event))
                } else {
                    // This is the SYN_DROPPED itself; the delta follows in sync mode.
                    synchronizing = true
                    droppedEventBursts += 1
                    sink.beginResynchronization(at: Self.convert(event).time)
                }
            } else if status == -EAGAIN {
                if synchronizing {
                    synchronizing = false  // the delta is complete; normal events may follow
                    continue
                }
                return .drained
            } else if status == -EINTR {
                continue
            } else if status == -ENODEV {
                return .deviceLost
            } else {
                return .failed(-status)
            }
        }
    }

    /// The state of `code` in the kernel's key bitmask (e.g. whether `BTN_TOOL_PEN` is down).
    public func keyState(_ code: UInt16) -> Bool {
        guard let handle else { return false }
        return libevdev_get_event_value(handle, UInt32(EV_KEY), UInt32(code)) != 0
    }

    // MARK: - Opening

    /// Rejects paths that are not character devices of the input subsystem before opening them.
    static func checkNode(_ path: String) throws(DeviceError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .noSuchNode(path: path) }
            if code == EACCES { throw .permissionDenied(path: path, forWriting: false) }
            throw .system(path: path, operation: "stat", errno: code)
        }
        guard info.st_mode & S_IFMT == S_IFCHR else {
            throw .notAnEventDevice(path: path, detail: info.st_mode & S_IFMT == S_IFDIR ? "it is a directory" : "it is not a character device")
        }
        let major = (info.st_rdev >> 8) & 0xfff
        guard major == 13 else {
            throw .notAnEventDevice(path: path, detail: "its device major number is \(major), not 13 (input)")
        }
    }

    static func openError(path: String, errno code: Int32, forWriting: Bool) -> DeviceError {
        switch code {
        case EACCES, EPERM: return .permissionDenied(path: path, forWriting: forWriting)
        case ENOENT: return .noSuchNode(path: path)
        case ENODEV, ENXIO: return .deviceLost(path: path)
        default: return .system(path: path, operation: "open", errno: code)
        }
    }

    @inline(__always)
    static func convert(_ event: input_event) -> InputEvent {
        InputEvent(
            time: Int64(event.time.tv_sec) * 1_000_000 + Int64(event.time.tv_usec),
            type: EventType(event.type), code: event.code, value: event.value)
    }

    /// Builds the description from libevdev's view of the device.
    static func describe(_ device: OpaquePointer, fd: Int32) -> DeviceDescription {
        var description = DeviceDescription(
            name: libevdev_get_name(device).map { String(cString: $0) } ?? "",
            id: InputID(
                bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(device)),
                vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(device)),
                product: UInt16(truncatingIfNeeded: libevdev_get_id_product(device)),
                version: UInt16(truncatingIfNeeded: libevdev_get_id_version(device))),
            physicalLocation: libevdev_get_phys(device).map { String(cString: $0) },
            uniqueIdentifier: libevdev_get_uniq(device).map { String(cString: $0) })
        var properties = CodeSet()
        for property in 0...UInt32(InputProperty.maximum) where libevdev_has_property(device, property) != 0 {
            properties.insert(UInt16(property))
        }
        description.properties = properties
        for typeValue in 0...UInt32(EventType.maximum) where libevdev_has_event_type(device, typeValue) != 0 {
            let type = EventType(UInt16(typeValue))
            description.enable(type)
            guard type != .syn else { continue }
            for code in 0...UInt32(type.maximumCode) where libevdev_has_event_code(device, typeValue, code) != 0 {
                if type == .abs, let info = libevdev_get_abs_info(device, code)?.pointee {
                    description.enable(.abs, code: UInt16(code), axis: AxisInfo(
                        value: info.value, minimum: info.minimum, maximum: info.maximum,
                        fuzz: info.fuzz, flat: info.flat, resolution: info.resolution))
                } else {
                    description.enable(type, code: UInt16(code))
                }
            }
        }
        if description.supports(.ff) {
            var effects: Int32 = 0
            if fb_ioctl_pointer(fd, fb_eviocgeffects(), &effects) == 0 {
                description.forceFeedbackEffectSlots = Int(effects)
            }
        }
        return description
    }
}
