import ForceCore

/// Records what a session does, for plotting, as a sink of an `InputPipeline`: each touch's
/// force at every frame, when touches go down and lift, the interaction's phases and its haptic
/// feedback.
///
/// Per frame it appends one sample per changed touch and allocates nothing else; a touch's first
/// frame adds its trace.
public final class SessionRecorder: SessionSink {
    /// The pipeline being recorded (held weakly: the pipeline keeps its sinks).
    public private(set) weak var pipeline: InputPipeline?

    private let device: SessionDevice
    private let defaultThresholds: PreviewThresholds?
    private var traces: [TouchTrace] = []
    private var traceIndices: [Int: Int] = [:]
    private var phases: [PhaseInterval] = []
    private var haptics: [HapticFiring] = []
    /// The index in `phases` of the phase under way (its `end` is provisional).
    private var openPhaseIndex: Int?
    /// The touch driving the current or last interaction.
    private var drivingTouch: Int?
    /// Whether `drivingTouch` has lifted (it may lift in the frame that cancels its interaction,
    /// which the recorder hears first).
    private var drivingTouchLifted = false
    private var usedThresholds: PreviewThresholds?
    private var frameSeconds = 0.0

    /// Starts recording `pipeline`: attaches itself as a sink.
    public init(attachingTo pipeline: InputPipeline) {
        self.pipeline = pipeline
        let model = pipeline.forceModel
        device = SessionDevice(device: pipeline.device, model: model)
        defaultThresholds = model.isAvailable ? pipeline.interaction.thresholds(forMaximumForce: model.maximumPossibleForce) : nil
        pipeline.attach(self)
    }

    /// What was recorded so far. Phases still under way end, and touches still down are drawn,
    /// up to the last event; read it after the session ended for a whole session.
    public var session: SessionTimeline {
        let end = max(0, pipeline.map { $0.relativeSeconds($0.lastEventTime) } ?? frameSeconds)
        var phases = self.phases
        if let open = openPhaseIndex { phases[open].end = max(phases[open].start, end) }
        let thresholds = defaultThresholds == nil ? nil : usedThresholds ?? defaultThresholds
        return SessionTimeline(device: device, thresholds: thresholds, duration: end, touches: traces, phases: phases, haptics: haptics)
    }

    // MARK: - SessionSink

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        switch event {
        case .frame(let time, let touches):
            record(touches, at: pipeline.relativeSeconds(time))
        case .interaction(let interaction):
            frameSeconds = pipeline.relativeSeconds(interaction.time)
            switch interaction.kind {
            case .began:
                drivingTouch = interaction.touch?.identifier
                drivingTouchLifted = false
                usedThresholds = pipeline.interaction.activeThresholds
                open(.preview)
            case .preview(_, let ended):
                if ended { open(.commit) }
            case .commit(_, let ended):
                if ended { open(.completed) }
            case .cancelled:
                open(.cancelled)
                if drivingTouchLifted { closeOpenPhase(at: frameSeconds) }
            case .actionsRevealed:
                open(.actions)
            case .actionsHidden:
                open(.actionsHidden)
            case .actionPerformed:
                open(.performed)
                if drivingTouchLifted { closeOpenPhase(at: frameSeconds) }
            case .actionHighlighted:
                break
            }
        case .feedback(let moment, let time, let touch):
            haptics.append(HapticFiring(
                moment: moment, time: pipeline.relativeSeconds(time),
                touchIdentifier: drivingTouch ?? touch?.identifier ?? 0,
                force: touch?.force ?? 0))
        case .deviceAdded, .deviceRemoved, .frameEnded:
            break
        }
    }

    private func record(_ touches: [Touch], at seconds: Double) {
        frameSeconds = seconds
        for touch in touches {
            let index: Int
            if let known = traceIndices[touch.identifier] {
                index = known
            } else {
                index = traces.count
                traceIndices[touch.identifier] = index
                var trace = TouchTrace(identifier: touch.identifier, tool: touch.tool, downTime: seconds)
                trace.samples.reserveCapacity(256)
                traces.append(trace)
            }
            traces[index].samples.append(ForceSample(time: seconds, force: touch.force))
            if touch.phase.isTerminal {
                traces[index].liftTime = seconds
                traces[index].ending = touch.tool == .palm ? .palm : (touch.phase == .ended ? .lifted : .cancelled)
                if touch.identifier == drivingTouch { drivingTouchDidLift(at: seconds) }
            }
        }
    }

    // MARK: - Phases

    /// Ends the phase under way and starts `phase` at the current frame.
    private func open(_ phase: InteractionPhase) {
        closeOpenPhase(at: frameSeconds)
        openPhaseIndex = phases.count
        phases.append(PhaseInterval(phase: phase, touchIdentifier: drivingTouch ?? 0, start: frameSeconds, end: frameSeconds))
    }

    private func closeOpenPhase(at seconds: Double) {
        guard let index = openPhaseIndex else { return }
        phases[index].end = max(phases[index].start, seconds)
        openPhaseIndex = nil
    }

    /// The driving touch lifted: a completed or cancelled interaction is over. (A preview or
    /// commit under way is cancelled by the interaction right after, in the same frame.)
    private func drivingTouchDidLift(at seconds: Double) {
        drivingTouchLifted = true
        if let index = openPhaseIndex, [.completed, .cancelled, .performed].contains(phases[index].phase) {
            closeOpenPhase(at: seconds)
        }
    }
}
