import ForceCore

/// Records what a session does, for plotting, while it runs through an `InputPipeline`: each
/// touch's force at every frame, when touches go down and lift, the interaction's phases and its
/// haptic feedback.
///
/// The recorder puts itself between the pipeline and whatever observed it before: it becomes the
/// pipeline's observer, the interaction's delegate and its feedback, and passes every call on to
/// the ones it found there (a reporter, an overlay, a haptic engine), so attaching it changes
/// nothing they see. Answers to `previewInteractionShouldBegin` come from the delegate it found
/// (true without one). Attach it after the others, and keep it alive while the session runs: the
/// pipeline only holds it weakly.
///
/// Per frame it appends one sample per changed touch and allocates nothing else; a touch's first
/// frame adds its trace.
public final class SessionRecorder: InputPipelineObserver, PreviewInteractionDelegate, PreviewFeedback {
    /// The pipeline being recorded.
    public let pipeline: InputPipeline

    private weak var nextObserver: (any InputPipelineObserver)?
    private weak var nextDelegate: (any PreviewInteractionDelegate)?
    private weak var nextFeedback: (any PreviewFeedback)?

    private var traces: [TouchTrace] = []
    private var traceIndices: [Int: Int] = [:]
    private var phases: [PhaseInterval] = []
    private var haptics: [HapticFiring] = []
    /// The index in `phases` of the phase under way (its `end` is provisional).
    private var openPhaseIndex: Int?
    /// The touch driving the current or last interaction.
    private var drivingTouch: Int?
    /// Whether `drivingTouch` has lifted (it may lift in the frame that cancels its interaction,
    /// which the recorder sees first).
    private var drivingTouchLifted = false
    private var usedThresholds: PreviewThresholds?

    /// Starts recording `pipeline`, passing every call on to its current observer, delegate and
    /// feedback.
    public init(attachingTo pipeline: InputPipeline) {
        self.pipeline = pipeline
        nextObserver = pipeline.observer
        nextDelegate = pipeline.interaction.delegate
        nextFeedback = pipeline.interaction.feedback
        pipeline.observer = self
        pipeline.interaction.delegate = self
        pipeline.interaction.feedback = self
    }

    /// What was recorded so far. Phases still under way end, and touches still down are drawn,
    /// up to the last event; call it after `InputPipeline.finish()` for a whole session.
    public var session: ForceSession {
        let end = max(0, pipeline.relativeSeconds(pipeline.lastEventTime))
        var phases = self.phases
        if let open = openPhaseIndex { phases[open].end = max(phases[open].start, end) }
        let model = pipeline.forceModel
        let thresholds = model.isAvailable
            ? usedThresholds ?? pipeline.interaction.thresholds.fitted(toMaximumForce: model.maximumPossibleForce)
            : nil
        return ForceSession(
            device: SessionDevice(device: pipeline.device, model: model),
            thresholds: thresholds, duration: end, touches: traces, phases: phases, haptics: haptics)
    }

    // MARK: - InputPipelineObserver

    public func pipeline(_ pipeline: InputPipeline, didCompleteFrameAt time: Int64, touches: [Touch]) {
        let seconds = pipeline.relativeSeconds(time)
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
        nextObserver?.pipeline(pipeline, didCompleteFrameAt: time, touches: touches)
    }

    // MARK: - PreviewInteractionDelegate

    public func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
        let begins = nextDelegate?.previewInteractionShouldBegin(previewInteraction) ?? true
        if begins {
            drivingTouch = previewInteraction.touch?.identifier
            drivingTouchLifted = false
            usedThresholds = previewInteraction.activeThresholds
            open(.preview, of: previewInteraction)
        }
        return begins
    }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {
        if ended { open(.commit, of: previewInteraction) }
        nextDelegate?.previewInteraction(previewInteraction, didUpdatePreviewTransition: transitionProgress, ended: ended)
    }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool) {
        if ended { open(.completed, of: previewInteraction) }
        nextDelegate?.previewInteraction(previewInteraction, didUpdateCommitTransition: transitionProgress, ended: ended)
    }

    public func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) {
        open(.cancelled, of: previewInteraction)
        if drivingTouchLifted { closeOpenPhase(at: seconds(of: previewInteraction)) }
        nextDelegate?.previewInteractionDidCancel(previewInteraction)
    }

    // MARK: - PreviewFeedback

    public func previewInteraction(_ interaction: PreviewInteraction, didReach moment: PreviewFeedbackMoment) {
        haptics.append(HapticFiring(
            moment: moment, time: seconds(of: interaction),
            touchIdentifier: drivingTouch ?? interaction.touch?.identifier ?? 0,
            force: interaction.touch?.force ?? 0))
        nextFeedback?.previewInteraction(interaction, didReach: moment)
    }

    // MARK: - Phases

    /// Ends the phase under way and starts `phase` when `interaction` reports it.
    private func open(_ phase: InteractionPhase, of interaction: PreviewInteraction) {
        let start = seconds(of: interaction)
        closeOpenPhase(at: start)
        openPhaseIndex = phases.count
        phases.append(PhaseInterval(phase: phase, touchIdentifier: drivingTouch ?? 0, start: start, end: start))
    }

    /// When `interaction` reports what it reports: its frame's time, or for a Haptic Touch the
    /// deadline it reached (which may come before the frame that caught up with it).
    private func seconds(of interaction: PreviewInteraction) -> Double {
        pipeline.relativeSeconds(interaction.timestamp)
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
        if let index = openPhaseIndex, phases[index].phase == .completed || phases[index].phase == .cancelled {
            closeOpenPhase(at: seconds)
        }
    }
}
