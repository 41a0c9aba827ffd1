import CEvdev
import ForceCore

/// A libevdev device with no node behind it, holding a `DeviceDescription`: what uinput creates
/// a device from (`VirtualDevice`), and what a test's substitute system calls answer for a node
/// they pretend to open.
package enum LibevdevDescription {
    /// A new libevdev device describing `description` (free it with `libevdev_free`), nil when
    /// libevdev cannot allocate one. Key repeat codes are left out (uinput sets them itself).
    package static func make(_ description: DeviceDescription) -> OpaquePointer? {
        guard let device = libevdev_new() else { return nil }
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
        return device
    }
}
