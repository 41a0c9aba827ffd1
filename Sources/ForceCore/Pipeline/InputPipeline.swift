/// The whole path from events to interactions for one device: event → `TouchTracker` (touches
/// with force) → `PreviewInteraction`, published as `SessionEvent`s to any number of
/// `SessionSink`s. The same pipeline serves recordings and live devices.
///
/// The interactions' `delegate` and `feedback` are the pipeline's own: it turns their calls into
/// session events (and leaves them empty while nobody listens). Give the pipeline a UIKit-shaped
/// `delegate` (one per interaction: `setDelegate(_:for:)`) to answer the questions a session asks
/// — `shouldReceive`, `previewInteractionShouldBegin` (a declined press never begins, and sinks
/// hear nothing of it) and `previewActions(for:)` — and to receive the transition and action
/// calls, and attach sinks for everything else.
///
/// The pipeline is time-driven (`TimeDriven`): a Haptic Touch held still progresses without
/// events, so a session advances it to `nextDeadline` between frames.
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
    /// The preview/commit interaction driven by the first touch (the first of `interactions`).
    public let interaction: PreviewInteraction
    /// Every interaction on the device, front to back; where a touch lands picks the one it
    /// drives. It starts with `interaction` alone, which covers the whole surface. Add more with
    /// `addInteraction(_:at:delegate:)`, so that the sinks hear them too.
    public let interactions: PreviewInteractionGroup

    /// The UIKit-shaped delegate of `interaction`: answers its questions and receives the
    /// preview, commit, action and cancel calls (through a `PreviewInteractionDelegateAdapter`).
    /// Held weakly; see `setDelegate(_:for:)` for the other interactions.
    public var delegate: (any PreviewInteractionDelegate)? {
        get { delegate(of: interaction) }
        set { setDelegate(newValue, for: interaction) }
    }

    /// Where the input comes from, once `start(origin:)` announced it.
    public private(set) var origin: SessionOrigin?
    /// The time of the first event, the zero of `relativeSeconds(_:)`.
    @exclusivity(unchecked)
    public private(set) var timeOrigin: Int64?
    /// The time of the last event.
    @exclusivity(unchecked)
    public private(set) var lastEventTime: Int64 = 0
    /// Whether the pipeline is ending its touches (`finish(at:)`): the frame sinks hear meanwhile
    /// cancels what the input left, rather than anything the device reported.
    public private(set) var isFinishing = false

    @exclusivity(unchecked)
    private var sinks: [any SessionSink] = []
    /// The sinks that hear `.frameEnded` (`SessionSink.receivesEveryFrame`).
    @exclusivity(unchecked)
    private var frameEndSinks: [any SessionSink] = []
    @exclusivity(unchecked)
    private var reportsFrameEnds = false
    @exclusivity(unchecked)
    private var delegateAdapters: [PreviewInteractionDelegateAdapter] = []
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
        interactions = PreviewInteractionGroup([interaction])
        relay.pipeline = self
    }

    /// The force model in use (its resting offset may have been learned).
    public var forceModel: ForceModel { tracker.forceModel }

    // MARK: - Sinks

    /// Adds `sink`: it hears every event from now on, after the sinks attached before it. On a
    /// started session it first hears `.deviceAdded`. The pipeline keeps it until `detach`.
    public func attach(_ sink: any SessionSink) {
        sinks.append(sink)
        if sink.receivesEveryFrame { frameEndSinks.append(sink) }
        updateListeners()
        if let origin { sink.receive(.deviceAdded(origin), from: self) }
    }

    /// Removes `sink`; it hears nothing more.
    public func detach(_ sink: any SessionSink) {
        sinks.removeAll { $0 === sink }
        frameEndSinks.removeAll { $0 === sink }
        updateListeners()
    }

    /// The attached sinks, in attachment order.
    public var attachedSinks: [any SessionSink] { sinks }

    /// Sends `event` to the delegates' adapters, then to every sink.
    func publish(_ event: SessionEvent) {
        for adapter in delegateAdapters { adapter.receive(event, from: self) }
        for sink in sinks { sink.receive(event, from: self) }
    }

    /// The relay is the interactions' delegate and feedback only while someone listens: a
    /// pipeline without sinks or delegate (`replay --format summary`) pays nothing per
    /// interaction update, not even a weak reference's load. A delegate or feedback someone set
    /// on an interaction directly stays (and the sinks then hear no events of that interaction).
    private func updateListeners() {
        hasListeners = !sinks.isEmpty || !delegateAdapters.isEmpty
        reportsFrameEnds = !frameEndSinks.isEmpty
        for interaction in interactions.interactions {
            if hasListeners {
                if interaction.delegate == nil { interaction.delegate = relay }
                if interaction.feedback == nil { interaction.feedback = relay }
            } else {
                if interaction.delegate === relay { interaction.delegate = nil }
                if interaction.feedback === relay { interaction.feedback = nil }
            }
        }
    }

    // MARK: - Interactions

    /// Adds `interaction` to `interactions` at `index` (0, the default: in front of the others),
    /// with `delegate` as its UIKit-shaped delegate; the sinks hear its events as they hear
    /// `interaction`'s, each saying which interaction it belongs to (`InteractionEvent.interaction`).
    ///
    /// ```swift
    /// let titleBar = PreviewInteraction(configuredLike: pipeline.interaction)
    /// titleBar.region = .top(1.0 / 12)
    /// titleBar.actionLayout = .quickActions
    /// pipeline.addInteraction(titleBar, delegate: shortcuts)
    /// ```
    public func addInteraction(_ interaction: PreviewInteraction, at index: Int = 0, delegate: (any PreviewInteractionDelegate)? = nil) {
        interactions.insert(interaction, at: index)
        setDelegate(delegate, for: interaction)
    }

    /// Removes `interaction` from `interactions` (ending what it has under way) and forgets its
    /// delegate.
    public func removeInteraction(_ interaction: PreviewInteraction) {
        interactions.remove(interaction)
        setDelegate(nil, for: interaction)
        if interaction.delegate === relay { interaction.delegate = nil }
        if interaction.feedback === relay { interaction.feedback = nil }
    }

    /// Makes `delegate` (held weakly) the UIKit-shaped delegate of `interaction`, one of
    /// `interactions`; nil removes it.
    public func setDelegate(_ delegate: (any PreviewInteractionDelegate)?, for interaction: PreviewInteraction) {
        delegateAdapters.removeAll { $0.interaction === interaction }
        if let delegate { delegateAdapters.append(PreviewInteractionDelegateAdapter(delegate: delegate, interaction: interaction)) }
        updateListeners()
    }

    /// The UIKit-shaped delegate of `interaction` (see `setDelegate(_:for:)`).
    public func delegate(of interaction: PreviewInteraction) -> (any PreviewInteractionDelegate)? {
        for adapter in delegateAdapters where adapter.interaction === interaction { return adapter.delegate }
        return nil
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
            if reportsFrameEnds { publishFrameEnd() }
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
    public var nextDeadline: Int64? { interactions.nextDeadline }

    /// Moves the session's clock to `time` without an event, making every time-driven change
    /// due by then (call it when `nextDeadline` passes). Each frame advances to its own time
    /// before anyone sees it, so advancing before a frame is never needed for correctness, only
    /// for the changes to happen on time.
    public func advance(to time: Int64) {
        interactions.advance(to: time)
    }

    /// Ends the touches (end of input, device loss): every touch is cancelled, and so is the
    /// interaction under way. `time` defaults to the last event's time.
    public func finish(at time: Int64? = nil) {
        let end = time ?? lastEventTime
        isFinishing = true
        defer { isFinishing = false }
        tracker.cancelAll(at: end)
        if !tracker.frameTouches.isEmpty { deliverFrame() }
        interactions.invalidate()
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
        summary.interactions = interactions.statistics
        return summary
    }

    private func deliverFrame() {
        // Time-driven changes due by this frame come before it, for observers too.
        interactions.advance(to: tracker.frameTime)
        let touches = tracker.frameTouches
        guard !touches.isEmpty else { return }
        for touch in touches where touch.normalizedForce > peakNormalizedForce {
            peakNormalizedForce = touch.normalizedForce
        }
        if hasListeners { publish(.frame(time: tracker.frameTime, touches: touches)) }
        interactions.update(with: touches)
    }

    private func publishFrameEnd() {
        let event = SessionEvent.frameEnded(time: tracker.frameTime, pen: tracker.penProximity)
        for sink in frameEndSinks { sink.receive(event, from: self) }
    }
}

extension InputPipeline: TimeDriven {}
