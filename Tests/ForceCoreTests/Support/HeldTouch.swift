import ForceCore

/// Builds the touches of one contact on a device without force (Haptic Touch): force 1.0,
/// `maximumPossibleForce` 0, `forceSource` `duration`, each frame at a given time and place.
struct HeldTouch {
    let identifier: Int
    var x: Double
    var y: Double
    private var hasBegun = false

    init(identifier: Int = 1, x: Double = 500, y: Double = 1000) {
        self.identifier = identifier
        self.x = x
        self.y = y
    }

    /// The touch at `time`, moved by (`dx`, `dy`): `began` the first time, then `moved` or
    /// `stationary`.
    mutating func at(_ time: Int64, dx: Double = 0, dy: Double = 0) -> Touch {
        x += dx
        y += dy
        let phase: TouchPhase = hasBegun ? (dx == 0 && dy == 0 ? .stationary : .moved) : .began
        hasBegun = true
        return touch(phase, at: time)
    }

    /// The touch lifted at `time`.
    func lift(at time: Int64) -> Touch { touch(.ended, at: time) }

    /// The touch was cancelled at `time` (SYN_DROPPED, palm, end of input).
    func cancelled(at time: Int64) -> Touch { touch(.cancelled, at: time) }

    private func touch(_ phase: TouchPhase, at time: Int64) -> Touch {
        Touch(
            identifier: identifier, phase: phase, x: x, y: y, timestamp: time,
            force: phase.isTerminal ? 0 : 1, forceSource: .duration)
    }
}

/// An `InteractionLog` that also notes the interaction's clock at every call.
final class TimedInteractionLog {
    let log: InteractionLog
    private(set) var entries: [(call: InteractionLog.Call, time: Int64)] = []

    init(observing interaction: PreviewInteraction) {
        log = InteractionLog(observing: interaction)
        log.onCall = { [unowned self] interaction, call in
            entries.append((call, interaction.timestamp))
        }
    }

    var calls: [InteractionLog.Call] { log.calls }

    /// Every call with its time, as one comparable string per call.
    var transcript: [String] { entries.map { "\($0.time) \($0.call)" } }

    /// The time of the first call equal to `call`.
    func time(of call: InteractionLog.Call) -> Int64? {
        entries.first { $0.call == call }?.time
    }
}

/// A 1000 × 2000 unit surface without resolution (slop 1/32 of 1000 = 31.25 units).
let heldTouchArea = DeviceArea(xRange: 0...1000, yRange: 0...2000)
