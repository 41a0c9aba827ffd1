/// The whole path from events to interactions for one device: event → `TouchTracker` (touches
/// with force) → `PreviewInteraction`, published as `SessionEvent`s to any number of
/// `SessionSink`s. The same pipeline serves recordings and live devices.
///
/// The interaction's `delegate` and `feedback` are the pipeline's own: it turns their calls into
/// session events (and leaves them empty while nobody listens). Give the pipeline a UIKit-shaped `delegate` to answer
/// `previewInteractionShouldBegin` (the one question a session asks; a declined press never
/// begins, and sinks hear nothing of it) and to receive the transition calls, and attach sinks
/// for everything else.
///
/// Processing an event allocates nothing.
///
/// Stored properties are `@exclusivity(unchecked)`: they change on every event, and Swift would
/// otherwise check each access at run time for overlapping accesses (which the optimizer cannot
/// rule out for class properties), at a cost several times that of the work itself. The type
/// is used from one thread, and no access to its state is held open across a call that could
/// come back to it (delegates and sinks are called between accesses), so there is no overlap to
/// detect.
public final class InputPipeline {
    /// The device the events come from.
    public let device: DeviceDescription
    /// Tracks touches and computes their force.
    public let tracker: TouchTracker
    /// The preview/commit interaction driven by the first touch.
    public let interaction: PreviewInteraction

    /// The UIKit-shaped delegate: answers `previewInteractionShouldBegin` and receives the
    /// preview, commit and cancel calls (through a `PreviewInteractionDelegateAdapter`).
    public weak var delegate: (any PreviewInteractionDelegate)? {
        didSet {
            delegateAdapter = delegate.map { PreviewInteractionDelegateAdapter(delegate: $0) }
            updateListeners()
        }
    }

    /// Where the input comes from, once `start(origin:)` announced it.
    public private(set) var origin: SessionOrigin?
    /// The time of the first event, the zero of `relativeSeconds(_:)`.
    @exclusivity(unchecked)
    public private(set) var timeOrigin: Int64?
    /// The time of the last event.
    @exclusivity(unchecked)
    public private(set) var lastEventTime: Int64 = 0

    @exclusivity(unchecked)
    private var sinks: [any SessionSink] = []
    @exclusivity(unchecked)
    private var delegateAdapter: PreviewInteractionDelegateAdapter?
    @exclusivity(unchecked)
    private(set) var hasListeners = false
    private let relay = InteractionRelay()

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
        relay.pipeline = self
    }

    /// The force model in use (its resting offset may have been learned).
    public var forceModel: ForceModel { tracker.forceModel }

    // MARK: - Sinks

    /// Adds `sink`: it hears every event from now on, after the sinks attached before it. On a
    /// started session it first hears `.deviceAdded`. The pipeline keeps it until `detach`.
    public func attach(_ sink: any SessionSink) {
        sinks.append(sink)
        updateListeners()
        if let origin { sink.receive(.deviceAdded(origin), from: self) }
    }

    /// Removes `sink`; it hears nothing more.
    public func detach(_ sink: any SessionSink) {
        sinks.removeAll { $0 === sink }
        updateListeners()
    }

    /// The attached sinks, in attachment order.
    public var attachedSinks: [any SessionSink] { sinks }

    /// Sends `event` to the delegate's adapter, then to every sink.
    func publish(_ event: SessionEvent) {
        delegateAdapter?.receive(event, from: self)
        for sink in sinks { sink.receive(event, from: self) }
    }

    /// The relay is the interaction's delegate and feedback only while someone listens: a
    /// pipeline without sinks or delegate (`replay --format summary`) pays nothing per
    /// interaction update, not even a weak reference's load. A delegate or feedback someone set
    /// on the interaction directly stays (and the sinks then hear no interaction events).
    private func updateListeners() {
        hasListeners = !sinks.isEmpty || delegateAdapter != nil
        if hasListeners {
            if interaction.delegate == nil { interaction.delegate = relay }
            if interaction.feedback == nil { interaction.feedback = relay }
        } else {
            if interaction.delegate === relay { interaction.delegate = nil }
            if interaction.feedback === relay { interaction.feedback = nil }
        }
    }

    // MARK: - The session

    /// Announces the session's input (`.deviceAdded`) to the sinks; sinks attached later hear it
    /// when they attach.
    public func start(origin: SessionOrigin) {
        self.origin = origin
        publish(.deviceAdded(origin))
    }

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
    @inlinable
    public var nextDeadline: Int64? { interaction.nextDeadline }

    /// Moves the session's clock to `time` without an event, making every time-driven change
    /// due by then (call it when `nextDeadline` passes). Each frame advances to its own time
    /// before anyone sees it, so advancing before a frame is never needed for correctness, only
    /// for the changes to happen on time.
    public func advance(to time: Int64) {
        interaction.advance(to: time)
    }

    /// Ends the touches (end of input, device loss): every touch is cancelled, and so is the
    /// interaction under way. `time` defaults to the last event's time.
    public func finish(at time: Int64? = nil) {
        let end = time ?? lastEventTime
        tracker.cancelAll(at: end)
        if !tracker.frameTouches.isEmpty { deliverFrame() }
        interaction.invalidate()
    }

    /// Ends the session: `finish(at:)`, then `.deviceRemoved` to the sinks.
    public func end(_ reason: SessionEnd, at time: Int64? = nil) {
        finish(at: time)
        if hasListeners { publish(.deviceRemoved(reason, time: time ?? lastEventTime)) }
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
        if hasListeners { publish(.frame(time: tracker.frameTime, touches: touches)) }
        interaction.update(with: touches)
    }
}
