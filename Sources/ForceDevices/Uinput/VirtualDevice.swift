import CEvdev
import ForceCore
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
        guard let device = libevdev_new() else { throw .uinputUnavailable(detail: "libevdev_new failed") }
        libevdev_set_name(device, description.name)
        libevdev_set_id_bustype(device, Int32(description.id.bustype))
        libevdev_set_id_vendor(device, Int32(description.id.vendor))
        libevdev_set_id_product(device, Int32(description.id.product))
        libevdev_set_id_version(device, Int32(description.id.version))
        if let phys = description.physicalLocation { libevdev_set_phys(device, phys) }
        if let uniq = description.uniqueIdentifier { libevdev_set_uniq(device, uniq) }
        for property in description.properties { libevdev_enable_property(device, UInt32(property)) }
        for type in description.types where type != .rep {
            libevdev_enable_event_type(device, UInt32(type.rawValue))
            for code in description.codes(of: type) {
                if type == .abs {
                    let axis = description.axes[code] ?? AxisInfo(minimum: 0, maximum: 0)
                    var info = input_absinfo(
                        value: axis.value, minimum: axis.minimum, maximum: axis.maximum,
                        fuzz: axis.fuzz, flat: axis.flat, resolution: axis.resolution)
                    libevdev_enable_event_code(device, UInt32(type.rawValue), UInt32(code.rawValue), &info)
                } else {
                    libevdev_enable_event_code(device, UInt32(type.rawValue), UInt32(code.rawValue), nil)
                }
            }
        }
        let (status, created, descriptor) = Self.createUinput(from: device, physicalLocation: description.physicalLocation)
        guard status == 0, let created else {
            libevdev_free(device)
            let code = Errno(rawValue: -status)
            if code == .noSuchFileOrDirectory { throw .uinputUnavailable(detail: "no /dev/uinput") }
            if code == .permissionDenied || code == .notPermitted { throw .uinputUnavailable(detail: "permission denied") }
            if code == .invalidArgument {
                throw .uinputRejected(device: description.name, reason: "the kernel refused the description (\(DeviceError.message(for: code))); its log ('dmesg') names the axis or limit")
            }
            throw .uinputUnavailable(detail: "creating the device failed: \(DeviceError.message(for: code))")
        }
        self.device = device
        self.uinput = created
        ownedDescriptor = descriptor
    }

    deinit { destroy() }

    /// The event node the kernel created (e.g. `/dev/input/event7`), if known.
    public var node: String? {
        uinput.flatMap { libevdev_uinput_get_devnode($0) }.map { String(cString: $0) }
    }

    /// Whether the event node exists yet (devtmpfs normally has it before creation returns).
    public var hasNode: Bool {
        guard let node else { return false }
        return access(node, F_OK) == 0
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
        let status = libevdev_uinput_write_event(uinput, UInt32(event.type.rawValue), UInt32(event.code.rawValue), event.value)
        guard status == 0 else { throw .system(path: node ?? "uinput", operation: "writing an event", errno: Errno(rawValue: -status)) }
    }

    /// Removes the device from the system.
    public func destroy() {
        if let uinput { libevdev_uinput_destroy(uinput) }
        uinput = nil
        ownedDescriptor?.closeQuietly()
        ownedDescriptor = nil
        if let device { libevdev_free(device) }
        device = nil
    }
}
