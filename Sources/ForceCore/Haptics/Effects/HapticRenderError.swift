/// Why a pattern cannot be rendered into kernel effects for a device.
public enum HapticRenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An event starts later than the kernel can delay an effect (0x7FFF ms).
    case startsTooLate(seconds: Double)
    /// The device has neither rumble nor periodic effects.
    case noVibrationEffects(capabilities: String)

    public var description: String {
        switch self {
        case .startsTooLate(let seconds):
            let shown = (seconds * 1000).rounded() / 1000
            return "an event starts at \(shown) s, later than the kernel can delay an effect (32.767 s); split the pattern into shorter ones"
        case .noVibrationEffects(let capabilities):
            return "the device has no rumble or periodic effects (it supports \(capabilities))"
        }
    }
}
