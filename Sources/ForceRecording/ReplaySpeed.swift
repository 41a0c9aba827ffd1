/// How fast a recording is replayed.
public enum ReplaySpeed: Hashable, Sendable, CustomStringConvertible {
    /// As fast as possible: no waiting.
    case maximum
    /// Scaled real time: 1 is the recorded pace, 2 twice as fast, 0.5 half as fast.
    case factor(Double)

    /// The recorded pace.
    public static let realtime = ReplaySpeed.factor(1)

    /// Parses `max`, `realtime` or a positive factor such as `2` or `0.5`.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "max", "maximum", "fast": self = .maximum
        case "realtime", "real-time", "1": self = .realtime
        default:
            guard let factor = Double(argument), factor.isFinite, factor > 0 else { return nil }
            self = .factor(factor)
        }
    }

    public var description: String {
        switch self {
        case .maximum: return "max"
        case .factor(1): return "realtime"
        case .factor(let factor): return "\(factor)x"
        }
    }
}
