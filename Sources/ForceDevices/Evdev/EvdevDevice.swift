import CEvdev
import CSystemShims
import ForceCore
import ForceSystem
import Glibc
import Logging
import SystemPackage

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
        /// Reading failed.
        case failed(Errno)
    }

    /// The node.
    public let path: String
    /// How it was opened.
    public let mode: AccessMode
    /// What the kernel says the device is.
    public let description: DeviceDescription
    /// How many times the kernel dropped events since the device was opened.
    public private(set) var droppedEventBursts = 0

    private var descriptor: FileDescriptor?
    /// The libevdev device (its state: `EvdevDevice+State.swift`); nil once closed.
    var handle: OpaquePointer?
    private var synchronizing = false

    /// Opens `path`.
    public init(path: String, mode: AccessMode = .readOnly) throws(DeviceError) {
        self.path = path
        self.mode = mode
        try Self.checkNode(path)
        let opened: FileDescriptor
        do {
            opened = try SystemCall.open(path, mode == .readOnly ? .readOnly : .readWrite, options: [.nonBlocking, .closeOnExec])
        } catch {
            throw Self.openError(path: path, errno: error, forWriting: mode == .readWrite)
        }
        let device: OpaquePointer
        do {
            device = try SystemCall.evdevOpen(opened)
        } catch let code {
            opened.closeQuietly()
            if code == .inappropriateIOCTLForDevice || code == .invalidArgument {
                throw .notAnEventDevice(path: path, detail: "it does not answer evdev requests")
            }
            if code == .operationNotSupportedByDevice { throw .deviceLost(path: path) }
            throw .system(path: path, operation: "reading the device description", errno: code)
        }
        _ = try? SystemCall.evdevSetClock(device, CLOCK_MONOTONIC)
        descriptor = opened
        handle = device
        description = Self.describe(device, descriptor: opened)
        Logger.devices.debug("opened", metadata: [
            "node": "\(path)", "name": "\(description.name)", "mode": mode == .readOnly ? "read" : "read-write",
        ])
    }

    deinit { close() }

    /// The file descriptor, for watching on an `EventLoop`; nil once closed.
    public var fileDescriptor: FileDescriptor? { descriptor }

    /// Whether the device is still open.
    public var isOpen: Bool { descriptor != nil }

    /// Closes the device.
    public func close() {
        if descriptor != nil { Logger.devices.debug("closed", metadata: ["node": "\(path)"]) }
        if let handle { libevdev_free(handle) }
        handle = nil
        descriptor?.closeQuietly()
        descriptor = nil
    }

    /// Reads every event available now into `sink`, without blocking.
    public func drain(into sink: any InputEventSink) -> DrainOutcome {
        guard let handle else { return .deviceLost }
        // The per-event loop keeps its state in locals: a stored property read after each call
        // into the sink costs a run-time exclusivity check per event.
        var synchronizing = self.synchronizing
        var resynchronized = 0  // the events of the delta, counted while synchronizing only
        defer { self.synchronizing = synchronizing }
        var event = input_event()
        while true {
            let flags = synchronizing ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
            // The funnel's per-event call: in release builds the call itself, unwrapped (a closure
            // around it cost a tenth of the whole read loop, measured with Benchmarks/device-read.sh).
            let status = SystemCall.evdevNextEvent(handle, flags, &event)
            if status == Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue) {
                sink.process(Self.convert(event))
            } else if status == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                if synchronizing {
                    resynchronized += 1
                    sink.process(Self.convert(event))
                } else {
                    // This is the SYN_DROPPED itself; the delta follows in sync mode.
                    synchronizing = true
                    resynchronized = 0
                    droppedEventBursts += 1
                    Logger.devices.debug("SYN_DROPPED: resynchronizing", metadata: ["node": "\(path)", "burst": "\(droppedEventBursts)"])
                    sink.beginResynchronization(at: Self.convert(event).time)
                }
            } else {
                guard let code = SystemCall.failure(ofNegatedErrno: status) else { continue }
                switch code {
                case .resourceTemporarilyUnavailable where synchronizing:
                    synchronizing = false  // the delta is complete; normal events may follow
                    Logger.devices.debug("resynchronized", metadata: ["node": "\(path)", "burst": "\(droppedEventBursts)", "events": "\(resynchronized)"])
                case .resourceTemporarilyUnavailable:
                    return .drained
                case .operationNotSupportedByDevice:
                    return .deviceLost
                default:
                    return .failed(code)
                }
            }
        }
    }

    /// The state of `code` in the kernel's key bitmask (e.g. whether `BTN_TOOL_PEN` is down).
    public func keyState(_ code: EventCode) -> Bool {
        guard let handle else { return false }
        return libevdev_get_event_value(handle, UInt32(EV_KEY), UInt32(code.rawValue)) != 0
    }

    // MARK: - Opening

    /// Rejects paths that are not character devices of the input subsystem before opening them.
    static func checkNode(_ path: String) throws(DeviceError) {
        let info: stat
        do {
            info = try SystemCall.status(ofPath: path)
        } catch .noSuchFileOrDirectory, .notDirectory {
            throw .noSuchNode(path: path)
        } catch .permissionDenied {
            throw .permissionDenied(path: path, forWriting: false)
        } catch {
            throw .system(path: path, operation: "stat", errno: error)
        }
        guard info.st_mode & S_IFMT == S_IFCHR else {
            throw .notAnEventDevice(path: path, detail: info.st_mode & S_IFMT == S_IFDIR ? "it is a directory" : "it is not a character device")
        }
        let major = (info.st_rdev >> 8) & 0xfff
        guard major == 13 else {
            throw .notAnEventDevice(path: path, detail: "its device major number is \(major), not 13 (input)")
        }
    }

    static func openError(path: String, errno code: Errno, forWriting: Bool) -> DeviceError {
        switch code {
        case .permissionDenied, .notPermitted: return .permissionDenied(path: path, forWriting: forWriting)
        case .noSuchFileOrDirectory: return .noSuchNode(path: path)
        case .operationNotSupportedByDevice, .noSuchAddressOrDevice: return .deviceLost(path: path)
        default: return .system(path: path, operation: "open", errno: code)
        }
    }

    @inline(__always)
    static func convert(_ event: input_event) -> InputEvent {
        InputEvent(
            time: Int64(event.time.tv_sec) * 1_000_000 + Int64(event.time.tv_usec),
            type: EventType(event.type), code: EventCode(event.code), value: event.value)
    }

    /// Builds the description from libevdev's view of the device.
    static func describe(_ device: OpaquePointer, descriptor: FileDescriptor) -> DeviceDescription {
        var description = DeviceDescription(
            name: libevdev_get_name(device).map { String(cString: $0) } ?? "",
            id: InputID(
                bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(device)),
                vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(device)),
                product: UInt16(truncatingIfNeeded: libevdev_get_id_product(device)),
                version: UInt16(truncatingIfNeeded: libevdev_get_id_version(device))),
            physicalLocation: libevdev_get_phys(device).map { String(cString: $0) },
            uniqueIdentifier: libevdev_get_uniq(device).map { String(cString: $0) })
        var properties = PropertySet()
        for property in 0...UInt32(InputProperty.maximum) where libevdev_has_property(device, property) != 0 {
            properties.insert(UInt16(property))
        }
        description.properties = properties
        for typeValue in 0...UInt32(EventType.maximum) where libevdev_has_event_type(device, typeValue) != 0 {
            let type = EventType(UInt16(typeValue))
            description.enable(type)
            guard type != .syn else { continue }
            for code in 0...UInt32(type.maximumCode.rawValue) where libevdev_has_event_code(device, typeValue, code) != 0 {
                if type == .abs, let info = libevdev_get_abs_info(device, code)?.pointee {
                    description.enable(.abs, code: EventCode(UInt16(code)), axis: AxisInfo(
                        value: info.value, minimum: info.minimum, maximum: info.maximum,
                        fuzz: info.fuzz, flat: info.flat, resolution: info.resolution))
                } else {
                    description.enable(type, code: EventCode(UInt16(code)))
                }
            }
        }
        if description.supports(.ff) {
            var effects: Int32 = 0
            if (try? SystemCall.ioctl(descriptor, fb_eviocgeffects(), &effects)) != nil {
                description.forceFeedbackEffectSlots = Int(effects)
            }
        }
        return description
    }
}
