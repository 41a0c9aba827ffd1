import ForceCore
import ForcePlot

extension ReplayedSession {
    /// The session a transcript (`replay --format jsonl`, a golden file) describes: the device
    /// from its `device` line, each touch's force at every `touch` line, the interaction's
    /// phases from its `interaction` lines (driven by the touch that was down last when it
    /// began), and the summary from its `summary` line (the interactions that began from its
    /// `shouldBegin` lines). Haptics are not in a transcript.
    public init(label: String, transcript: Transcript) {
        var builder = TranscriptSessionBuilder()
        for line in transcript.lines { builder.add(line) }
        var summary = Self.summary(of: transcript.summary)
        summary.interactions.began = builder.began
        self.init(label: label, session: builder.session(device: transcript.device), summary: summary)
    }

    private static func summary(of line: TranscriptLine?) -> SessionSummary {
        var summary = SessionSummary()
        guard let line else { return summary }
        func count(_ key: String) -> Int { line[key]?.number.map { Int(exactly: $0.rounded()) ?? 0 } ?? 0 }
        summary.events = count("events")
        summary.frames = count("frames")
        summary.touches = count("touches")
        summary.peakNormalizedForce = line["peakNormalizedForce"]?.number ?? 0
        summary.interactions.previewsEnded = count("previewsEnded")
        summary.interactions.commits = count("commits")
        summary.interactions.cancels = count("cancels")
        return summary
    }
}

/// Collects a transcript's touches and phases, line by line, as `SessionRecorder` collects a
/// live session's.
private struct TranscriptSessionBuilder {
    private var touches: [TouchTrace] = []
    private var indices: [Int: Int] = [:]
    private var phases: [PhaseInterval] = []
    private var drivingTouch: Int?
    private var lastDown: Int?
    private var duration = 0.0
    /// Interactions that began (`shouldBegin` lines).
    private(set) var began = 0

    mutating func add(_ line: TranscriptLine) {
        let time = line.time ?? duration
        duration = max(duration, time)
        if let identifier = line.touchIdentifier, let phase = line.phase {
            let tool = line["tool"]?.string.flatMap(ToolType.init(rawValue:)) ?? .finger
            let index = indices[identifier] ?? {
                indices[identifier] = touches.count
                touches.append(TouchTrace(identifier: identifier, tool: tool, downTime: time))
                return touches.count - 1
            }()
            touches[index].samples.append(ForceSample(time: time, force: line["force"]?.number ?? 0))
            if phase == "ended" || phase == "cancelled" {
                touches[index].liftTime = time
                touches[index].ending = tool == .palm ? .palm : phase == "ended" ? .lifted : .cancelled
            } else {
                lastDown = identifier
            }
        }
        guard let event = line.event else { return }
        let ended = line["ended"]?.bool == true
        switch event {
        case "shouldBegin":
            began += 1
            drivingTouch = lastDown
            open(.preview, at: time)
        case "preview" where ended: open(.commit, at: time)
        case "commit" where ended: open(.completed, at: time)
        case "cancel": open(.cancelled, at: time)
        default: break
        }
    }

    private mutating func open(_ phase: InteractionPhase, at time: Double) {
        if let last = phases.indices.last { phases[last].end = max(phases[last].start, time) }
        phases.append(PhaseInterval(phase: phase, touchIdentifier: drivingTouch ?? 0, start: time, end: time))
    }

    func session(device line: TranscriptLine?) -> SessionTimeline {
        var phases = phases
        if let last = phases.indices.last {
            let lift = touches.first { $0.identifier == phases[last].touchIdentifier }?.liftTime
            phases[last].end = max(phases[last].start, lift ?? duration)
        }
        func raw(_ key: String) -> Int32? { line?[key]?.number.flatMap { Int32(exactly: $0.rounded()) } }
        let (minimum, maximum) = (raw("pressureMin"), raw("pressureMax"))
        let axis = line?["pressureAxis"]?.string.flatMap { $0 == "none" ? nil : $0 }
        let device = SessionDevice(
            name: line?["name"]?.string ?? "unknown device", kind: line?["kind"]?.string.flatMap(DeviceKind.init(rawValue:)) ?? .other,
            pressureAxisName: axis, pressureRange: minimum.flatMap { low in maximum.flatMap { low <= $0 ? low...$0 : nil } },
            isForceAvailable: (line?["maximumPossibleForce"]?.number ?? 0) > 0, maximumPossibleForce: line?["maximumPossibleForce"]?.number ?? 0)
        return SessionTimeline(device: device, thresholds: nil, duration: duration, touches: touches, phases: phases)
    }
}
