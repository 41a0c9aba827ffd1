import CEvdev
import ForceCore
import ForceSystem
import Glibc
import SystemPackage

/// A kernel virtual input device created through uinput from a `DeviceDescription`: what it
/// writes, every program reading `/dev/input` sees as real input.
public final class VirtualDevice {
    /// The description it was created from.
    public let description: DeviceDescription
    private var device: OpaquePointer?
    private var uinput: OpaquePointer?

    /// The `/dev/uinput` descriptor opened here (`createUinput`), closed after the device is
    /// destroyed; nil when libevdev opened (and closes) its own.
    private var ownedDescriptor: FileDescriptor?

    /// Creates the device. Key repeat codes are left out (uinput sets them itself). A description
    /// uinput would refuse (more than 100 slots, an inverted axis range) throws
    /// `DeviceError.uinputRejected`, saying what to change.
    public init(description: DeviceDescription) throws(DeviceError) {
        try Self.checkLimits(of: description)
        self.description = description
        guard let device = LibevdevDescription.make(description) else { throw .uinputUnavailable(detail: "libevdev_new failed") }
        let created: OpaquePointer
        do {
            (created, ownedDescriptor) = try Self.createUinput(from: device, physicalLocation: description.physicalLocation)
        } catch let code {
            libevdev_free(device)
            if code == .noSuchFileOrDirectory { throw .uinputUnavailable(detail: "no /dev/uinput") }
            if code == .permissionDenied || code == .notPermitted { throw .uinputUnavailable(detail: "permission denied") }
            if code == .invalidArgument {
                throw .uinputRejected(device: description.name, reason: "the kernel refused the description (\(DeviceError.message(for: code))); its log ('dmesg') names the axis or limit")
            }
            throw .uinputUnavailable(detail: "creating the device failed: \(DeviceError.message(for: code))")
        }
        self.device = device
        self.uinput = created
    }

    deinit { destroy() }

    /// The event node the kernel created (e.g. `/dev/input/event7`), if known.
    public var node: String? {
        uinput.flatMap { libevdev_uinput_get_devnode($0) }.map { String(cString: $0) }
    }

    /// Whether the event node exists yet (devtmpfs normally has it before creation returns).
    public var hasNode: Bool {
        guard let node else { return false }
        return SystemCall.isAccessible(node, F_OK)
    }

    /// The sysfs path of the device, if known.
    public var syspath: String? {
        uinput.flatMap { libevdev_uinput_get_syspath($0) }.map { String(cString: $0) }
    }

    /// The uinput file descriptor (force-feedback requests arrive here); nil once destroyed.
    public var fileDescriptor: FileDescriptor? {
        uinput.map { FileDescriptor(rawValue: libevdev_uinput_get_fd($0)) }
    }

    /// Writes one event (the kernel stamps its own time).
    public func write(_ event: InputEvent) throws(DeviceError) {
        guard let uinput else { throw .uinputUnavailable(detail: "the device was destroyed") }
        do {
            try SystemCall.uinputWrite(uinput, UInt32(event.type.rawValue), UInt32(event.code.rawValue), event.value)
        } catch {
            throw .system(path: node ?? "uinput", operation: "writing an event", errno: error)
        }
    }

    /// Removes the device from the system.
    public func destroy() {
        if let uinput { SystemCall.uinputDestroy(uinput) }
        uinput = nil
        ownedDescriptor?.closeQuietly()
        ownedDescriptor = nil
        if let device { libevdev_free(device) }
        device = nil
    }
}
