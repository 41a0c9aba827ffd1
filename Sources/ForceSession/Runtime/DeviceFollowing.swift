import ForceCore
import ForceDevices

/// Which devices a live command (`monitor`, `view`) follows as they come and go: the device a
/// query names, else the first touch or tablet device, or every one with `all`. A followed
/// device that went away is awaited by its name and physical location, and taken again when it
/// (and not some other device) comes back. Keyboards, mice and haptic-only devices are never
/// candidates.
package struct DeviceFollowing {
    /// The device asked for, if any.
    package let query: DeviceQuery?
    /// Whether every touch and tablet device is followed.
    package let all: Bool
    /// Names (and phys) of devices that went away and should be taken again.
    private var awaited: [(name: String, phys: String?)] = []

    /// Following the device `query` names (the first touch or tablet device without one, every
    /// one with `all`).
    package init(query: DeviceQuery?, all: Bool = false) {
        self.query = query
        self.all = all
    }

    /// Whether `device` could be followed at all: a touch or tablet device.
    package static func isCandidate(_ device: InputDeviceInfo) -> Bool {
        device.isForceBridgeDevice && device.kind != .other
    }

    /// The devices to open at the start, among `devices` (every device present).
    package func initialChoice(from devices: [InputDeviceInfo]) -> [InputDeviceInfo] {
        let candidates = devices.filter(Self.isCandidate)
        if all { return candidates }
        if let query { return Array(query.matches(in: candidates).prefix(1)) }
        return Array(candidates.prefix(1))
    }

    /// Whether a device that appeared while `following` devices are open is to be opened.
    package func wants(_ info: InputDeviceInfo, following: Int) -> Bool {
        guard Self.isCandidate(info) else { return false }
        if all { return true }
        if awaited.contains(where: { Self.matches($0, info.description) }) { return true }
        if following == 0 && awaited.isEmpty {
            if let query, !query.isPath { return !query.matches(in: [info]).isEmpty }
            return query == nil
        }
        return false
    }

    /// Notes that `device` is open (it is no longer awaited).
    package mutating func opened(_ device: DeviceDescription) {
        awaited.removeAll { Self.matches($0, device) }
    }

    /// Notes that `device` went away: it is awaited.
    package mutating func lost(_ device: DeviceDescription) {
        awaited.append((device.name, device.physicalLocation))
    }

    private static func matches(_ awaited: (name: String, phys: String?), _ device: DeviceDescription) -> Bool {
        awaited.name == device.name && (awaited.phys == nil || awaited.phys == device.physicalLocation)
    }
}
