import CUdev
import ForceCore
import ForceSystem
import Glibc
import Logging

/// Finds event devices through libudev.
///
/// udev's database classifies a device (`ID_INPUT_TOUCHSCREEN`, ...) when udevd runs. Without it
/// (containers, minimal systems, a test guest), ForceBridge classifies from the capability
/// bitmasks in sysfs with udev's own rules, so nothing needs to be opened to know what a device
/// is. Touch, tablet and haptic devices that this user may read are then opened read-only for
/// their axis ranges and effect slots; keyboards and mice are never opened.
public enum DeviceDiscovery {
    /// Every event device, sorted by node number.
    public static func enumerate() -> [InputDeviceInfo] {
        guard let udev = udev_new() else { return [] }
        defer { udev_unref(udev) }
        guard let enumerate = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_add_match_sysname(enumerate, "event*")
        udev_enumerate_scan_devices(enumerate)
        var devices: [InputDeviceInfo] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            if let syspath = udev_list_entry_get_name(current),
               let device = udev_device_new_from_syspath(udev, syspath) {
                if let info = info(for: device) { devices.append(info) }
                udev_device_unref(device)
            }
            entry = udev_list_entry_get_next(current)
        }
        devices.sort { eventNumber($0.sysname) < eventNumber($1.sysname) }
        let logger = Logger.devices
        if logger.logLevel <= .debug {
            for device in devices { logger.debug("found", metadata: device.logMetadata) }
        }
        return devices
    }

    /// The device at `node` (e.g. `/dev/input/event5`), if it is an event device.
    public static func device(atNode node: String) -> InputDeviceInfo? {
        enumerate().first { $0.node == node }
    }

    /// Builds the record for one udev device.
    static func info(for device: OpaquePointer) -> InputDeviceInfo? {
        guard let nodeText = udev_device_get_devnode(device), let sysnameText = udev_device_get_sysname(device) else { return nil }
        let node = String(cString: nodeText)
        let sysname = String(cString: sysnameText)
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = udev_list_entry_get_name(current) {
                properties[String(cString: name)] = udev_list_entry_get_value(current).map { String(cString: $0) } ?? ""
            }
            entry = udev_list_entry_get_next(current)
        }
        let parent = udev_device_get_parent_with_subsystem_devtype(device, "input", nil)
        var description = parent.map { describeFromSysfs($0) } ?? DeviceDescription(name: sysname)
        description.udevProperties = properties
        let udevClassification = DeviceClassification(udevProperties: properties)
        var classification = udevClassification ?? description.classification
        classification.isHaptic = description.hasForceFeedback
        let access = DeviceAccess.check(node)
        var info = InputDeviceInfo(
            node: node, sysname: sysname, description: description, isOpened: false,
            classification: classification, hasUdevDatabase: udevClassification != nil,
            udevProperties: properties, access: access, openError: nil)
        if info.isForceBridgeDevice {
            if access.canRead {
                do {
                    let opened = try EvdevDevice(path: node, mode: .readOnly)
                    var full = opened.description
                    full.udevProperties = properties
                    info.description = full
                    info.isOpened = true
                } catch {
                    info.openError = error.description
                }
            } else if case .denied(let reason, _) = access {
                info.openError = reason
            }
        }
        return info
    }

    /// A description from the parent input device's sysfs attributes (name, id, phys, capability
    /// bitmasks). Axis ranges need the node to be opened and stay unknown here.
    static func describeFromSysfs(_ input: OpaquePointer) -> DeviceDescription {
        func attribute(_ name: String) -> String? {
            udev_device_get_sysattr_value(input, name).map { String(cString: $0) }
        }
        func hexID(_ name: String) -> UInt16 {
            UInt16(attribute(name)?.trimmingWhitespace ?? "", radix: 16) ?? 0
        }
        var description = DeviceDescription(
            name: attribute("name")?.trimmingWhitespace ?? "",
            id: InputID(bustype: hexID("id/bustype"), vendor: hexID("id/vendor"), product: hexID("id/product"), version: hexID("id/version")),
            physicalLocation: attribute("phys")?.trimmingWhitespace,
            uniqueIdentifier: attribute("uniq")?.trimmingWhitespace)
        description.properties = PropertySet(bitmask: attribute("properties") ?? "")
        let types = TypeSet(bitmask: attribute("capabilities/ev") ?? "")
        let files: [(EventType, String)] = [
            (.key, "key"), (.rel, "rel"), (.abs, "abs"), (.msc, "msc"), (.sw, "sw"), (.led, "led"), (.snd, "snd"), (.ff, "ff"),
        ]
        for type in types { description.enable(type) }
        for (type, file) in files where types.contains(type) {
            for code in CodeSet(bitmask: attribute("capabilities/\(file)") ?? "") {
                description.enable(type, code: code)
            }
        }
        return description
    }

    static func eventNumber(_ sysname: String) -> Int {
        Int(sysname.drop { !$0.isNumber }) ?? Int.max
    }
}

extension KernelBitmask where Element: KernelBitmaskElement {
    /// Parses a sysfs capability bitmask: hex words of `unsigned long`, most significant first.
    init(bitmask text: String) {
        self.init()
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        let bitsPerWord = MemoryLayout<UInt>.size * 8
        for (index, word) in words.reversed().enumerated() {
            guard let value = UInt(word, radix: 16), value != 0 else { continue }
            for bit in 0..<bitsPerWord where value & (1 << UInt(bit)) != 0 {
                insert(Element(bitIndex: UInt16(index * bitsPerWord + bit)))
            }
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view = view.dropFirst() }
        while let last = view.last, last.isWhitespace { view = view.dropLast() }
        return String(view)
    }
}
