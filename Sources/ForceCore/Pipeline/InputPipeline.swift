/// Receives each completed frame of an `InputPipeline`.
public protocol InputPipelineObserver: AnyObject {
    /// A frame ended at `time` (microseconds of the source clock); `touches` changed in it.
    /// Called before the frame reaches the preview interaction.
    func pipeline(_ pipeline: InputPipeline, didCompleteFrameAt time: Int64, touches: [Touch])
}

/// The whole path from events to interactions for one device: event → `TouchTracker` (touches
/// with force) → `PreviewInteraction`. The same pipeline serves recordings and live devices.
///
/// Processing an event allocates nothing.
///
/// Stored properties are `@exclusivity(unchecked)`: they change on every event, and Swift would
/// otherwise check each access at run time for overlapping accesses (which the optimizer cannot
/// rule out for class properties), at a cost several times that of the work itself. The type
/// is used from one thread, and no access to its state is held open across a call that could
/// come back to it (delegates and observers are called between accesses), so there is no
/// overlap to detect.
public final class InputPipeline {
    /// The device the events come from.
    public let device: DeviceDescription
    /// Tracks touches and computes their force.
    public let tracker: TouchTracker
    /// The preview/commit interaction driven by the first touch.
    public let interaction: PreviewInteraction
    /// Receives completed frames.
    @exclusivity(unchecked)
    public weak var observer: (any InputPipelineObserver)?

    /// The time of the first event, the zero of `relativeSeconds(_:)`.
    @exclusivity(unchecked)
    public private(set) var timeOrigin: Int64?
    /// The time of the last event.
    @exclusivity(unchecked)
    public private(set) var lastEventTime: Int64 = 0

    @exclusivity(unchecked)
    private var eventCount = 0
    @exclusivity(unchecked)
    private var frameCount = 0
    @exclusivity(unchecked)
    private var peakNormalizedForce = 0.0

    /// Creates a pipeline for `device`.
    /// - Parameters:
    ///   - calibration: force calibration layered over the device kind's defaults.
    ///   - thresholds: the interaction's force thresholds.
    ///   - sensitivity: the user's sensitivity (scales the thresholds) and touch duration (times
    ///     a Haptic Touch on devices without force).
    public init(
        device: DeviceDescription, calibration: ForceCalibration = ForceCalibration(),
        thresholds: PreviewThresholds = .standard, sensitivity: TouchSensitivity = .standard
    ) {
        self.device = device
        let model = ForceModel(device: device, calibration: calibration)
        tracker = TouchTracker(device: device, forceModel: model)
        interaction = PreviewInteraction(
            thresholds: thresholds, sensitivity: sensitivity, forceSource: model.forceSource,
            area: DeviceArea(device: device))
    }

    /// The force model in use (its resting offset may have been learned).
    public var forceModel: ForceModel { tracker.forceModel }

    /// Feeds one event.
    @inline(__always)
    public func process(_ event: InputEvent) {
        eventCount += 1
        if timeOrigin == nil { timeOrigin = event.time }
        lastEventTime = event.time
        if tracker.process(event) {
            frameCount += 1
            deliverFrame()
        }
    }

    /// Feeds a sequence of events.
    public func process<Events: Sequence>(_ events: Events) where Events.Element == InputEvent {
        for event in events { process(event) }
    }

    /// Declares that the next frame is libevdev's resynchronization delta after `SYN_DROPPED`.
    public func beginResynchronization() {
        tracker.beginResynchronization()
    }

    /// The next time (microseconds of the source clock) at which the pipeline must be advanced
    /// even if no event arrives (see `PreviewInteraction.nextDeadline`); nil when none.
    public var nextDeadline: Int64? { interaction.nextDeadline }

    /// Moves the session's clock to `time` without an event, making every time-driven change
    /// due by then (call it when `nextDeadline` passes). Each frame advances to its own time
    /// before anyone sees it, so advancing before a frame is never needed for correctness, only
    /// for the changes to happen on time.
    public func advance(to time: Int64) {
        interaction.advance(to: time)
    }

    /// Ends the session (end of input, device loss): every touch is cancelled, and so is the
    /// interaction under way. `time` defaults to the last event's time.
    public func finish(at time: Int64? = nil) {
        tracker.cancelAll(at: time ?? lastEventTime)
        if !tracker.frameTouches.isEmpty { deliverFrame() }
        interaction.invalidate()
    }

    /// Seconds since the first event.
    @inlinable
    public func relativeSeconds(_ time: Int64) -> Double {
        Double(time - (timeOrigin ?? time)) / 1_000_000
    }

    /// What happened so far.
    public var summary: SessionSummary {
        var summary = SessionSummary()
        summary.events = eventCount
        summary.frames = frameCount
        summary.touches = tracker.beganCount
        summary.peakNormalizedForce = peakNormalizedForce
        summary.previewsEnded = interaction.statistics.previewsEnded
        summary.commits = interaction.statistics.commits
        summary.cancels = interaction.statistics.cancels
        return summary
    }

    private func deliverFrame() {
        // Time-driven changes due by this frame come before it, for observers too.
        interaction.advance(to: tracker.frameTime)
        let touches = tracker.frameTouches
        guard !touches.isEmpty else { return }
        for touch in touches where touch.normalizedForce > peakNormalizedForce {
            peakNormalizedForce = touch.normalizedForce
        }
        observer?.pipeline(self, didCompleteFrameAt: tracker.frameTime, touches: touches)
        interaction.update(with: touches)
    }
}
