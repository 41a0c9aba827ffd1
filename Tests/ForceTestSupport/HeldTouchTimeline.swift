import ForceCore
import ForceSession

/// A stand-in for time-driven progress (Haptic Touch, whose real logic is the interaction's):
/// while a touch is down, something is due every `period` microseconds, even when the touch
/// sends no events. It logs every frame it hears and every advance, so a session's handling of
/// time can be compared across paces.
public final class HeldTouchTimeline: SessionTimeline, SessionSink {
    public let period: Int64
    public private(set) var log: [String] = []
    public private(set) var advances: [Int64] = []
    public private(set) var frameTimes: [Int64] = []
    private var next: Int64?

    public init(period: Int64 = 150_000) {
        self.period = period
    }

    public var nextDeadline: Int64? { next }

    public func advance(to time: Int64) {
        advances.append(time)
        log.append("advance \(time)")
        next = next.map { _ in time + period }
    }

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        guard case .frame(let time, let touches) = event else { return }
        frameTimes.append(time)
        log.append("frame \(time) " + touches.map { "\($0.identifier) \($0.phase.rawValue)" }.joined(separator: ","))
        for touch in touches {
            if touch.phase == .began { next = time + period }
            if touch.phase.isTerminal { next = nil }
        }
    }
}
