/// A haptic pattern: events in time, and curves that shape them, like Core Haptics'
/// `CHHapticPattern`. Patterns are values; the same pattern always renders to the same kernel
/// effects on a device, which is what lets a prepared pattern play with a single `write`.
public struct HapticPattern: Hashable, Sendable {
    /// The events, in time order.
    public private(set) var events: [HapticEvent]
    /// Controls that shape the events while they play.
    public private(set) var parameterCurves: [HapticParameterCurve]

    /// Creates a pattern; events are sorted by time.
    public init(events: [HapticEvent], parameterCurves: [HapticParameterCurve] = []) {
        self.events = events.sorted { ($0.time, $0.duration) < ($1.time, $1.duration) }
        self.parameterCurves = parameterCurves
    }

    /// A pattern of one event.
    public init(_ event: HapticEvent) {
        self.init(events: [event])
    }

    /// Whether the pattern has no event.
    public var isEmpty: Bool { events.isEmpty }

    /// When the last event ends, in seconds (transients count as instants here; the renderer
    /// gives them their device-specific length).
    public var duration: Double { events.map(\.endTime).max() ?? 0 }

    /// The pattern with every intensity multiplied by `factor` (clamped to 0...1).
    public func scaled(by factor: Double) -> HapticPattern {
        var copy = self
        copy.events = events.map {
            var event = $0
            event.intensity = HapticEvent.unit(event.intensity * factor)
            return event
        }
        return copy
    }

    /// The events with the parameter curves applied: transients take the control values at
    /// their time; continuous events are cut where a control changes (at most every
    /// `resolution` seconds along a slope) into pieces of constant intensity and sharpness.
    /// Events whose intensity ends at 0 are left out.
    public func resolvedEvents(resolution: Double = 0.05) -> [HapticEvent] {
        guard !parameterCurves.isEmpty else { return events.filter { $0.intensity > 0 } }
        var result: [HapticEvent] = []
        for event in events {
            if event.isTransient {
                appendControlled(event, at: event.time, to: &result)
                continue
            }
            let start = event.time
            let end = event.endTime
            // Cut where any control point falls inside the event; between cuts every curve is a
            // straight line, and sloped stretches are cut again every `resolution` seconds.
            var cuts: Set<Double> = [start, end]
            for curve in parameterCurves {
                for time in curve.pointTimes where time > start && time < end { cuts.insert(time) }
            }
            var ordered: [Double] = []
            let coarse = cuts.sorted()
            for (from, to) in zip(coarse, coarse.dropFirst()) {
                ordered.append(from)
                let sloped = HapticParameterCurve.Parameter.allCases.contains {
                    parameterCurves.controlValue($0, at: from) != parameterCurves.controlValue($0, at: to - (to - from) * 1e-9)
                }
                guard sloped, resolution > 0, to - from > resolution else { continue }
                let steps = Int((to - from) / resolution)
                for step in 1..<max(1, steps) { ordered.append(from + (to - from) * Double(step) / Double(steps)) }
            }
            ordered.append(end)
            var pieces: [HapticEvent] = []
            for (from, to) in zip(ordered, ordered.dropFirst()) where to > from {
                var piece = event
                piece.kind = .continuous(duration: to - from)
                piece.time = from
                appendControlled(piece, at: (from + to) / 2, to: &pieces)
            }
            // Neighbouring pieces that ended up equal become one again.
            for piece in pieces {
                if let last = result.last, !last.isTransient, last.endTime == piece.time,
                   last.intensity == piece.intensity, last.sharpness == piece.sharpness {
                    result[result.count - 1].kind = .continuous(duration: last.duration + piece.duration)
                } else {
                    result.append(piece)
                }
            }
        }
        return result.sorted { ($0.time, $0.duration) < ($1.time, $1.duration) }
    }

    private func appendControlled(_ event: HapticEvent, at time: Double, to result: inout [HapticEvent]) {
        var controlled = event
        controlled.intensity = HapticEvent.unit(event.intensity * parameterCurves.controlValue(.intensityControl, at: time))
        controlled.sharpness = HapticEvent.unit(event.sharpness + parameterCurves.controlValue(.sharpnessControl, at: time))
        if controlled.intensity > 0 { result.append(controlled) }
    }
}
