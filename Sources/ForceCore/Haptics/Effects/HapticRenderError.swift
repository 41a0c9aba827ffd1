/// Why a pattern cannot be rendered into kernel effects for a device.
public enum HapticRenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An event starts later than `limit` seconds: the kernel's delay limit (0x7FFF ms) for a
    /// pattern played as one part, `HapticPatternPart.latestStart` for one played in parts.
    case startsTooLate(seconds: Double, limit: Double)
    /// The device has neither rumble nor periodic effects.
    case noVibrationEffects(capabilities: String)

    public var description: String {
        switch self {
        case .startsTooLate(let seconds, let limit):
            let shown = (seconds * 1000).rounded() / 1000
            if limit < HapticPatternPart.latestStart {
                return "an event starts at \(shown) s, later than the kernel can delay an effect (\(limit) s); play the pattern in parts"
            }
            return "an event starts at \(shown) s, later than ForceBridge plays a pattern (\(limit) s); split the pattern into shorter ones"
        case .noVibrationEffects(let capabilities):
            return "the device has no rumble or periodic effects (it supports \(capabilities))"
        }
    }
}
