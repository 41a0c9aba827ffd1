import ForceCore
import ForceDevices

extension DeviceQuery {
    /// The touchscreen, touchpad or pen `argument` names (a node or part of a name), or the first
    /// one present when it is nil; keyboards and mice are refused with advice.
    static func touchDevice(_ argument: String?) throws -> InputDeviceInfo {
        if let argument { return try DeviceQuery(argument: argument).resolve(allowNonTouch: false) }
        guard let first = DeviceDiscovery.enumerate().first(where: { $0.isForceBridgeDevice && $0.kind != .other }) else {
            throw CommandFailure("no touchscreen, touchpad or pen found; plug one in, or name its node ('forcebridge list' shows the devices)")
        }
        return first
    }
}
