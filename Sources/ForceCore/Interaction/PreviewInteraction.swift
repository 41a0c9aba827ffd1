/// A preview and commit driven by force or, where there is none, by holding still; shaped like
/// `UIPreviewInteraction`.
///
/// Feed it every frame's touches with `update(with:)`. The first touch that lands (in `region`)
/// while the interaction is idle drives it; other touches never take over. What drives progress is the
/// driving touch's `forceSource`:
///
/// - `pressure` or `contactSize`: when force reaches `activeThresholds.begin` (the `thresholds`
///   scaled by `sensitivity.force`, fitted to the device), the delegate is asked
///   `previewInteractionShouldBegin`; the preview transition then follows force up to
///   `previewEnd` ("peek"), and the commit transition up to `commitEnd` ("pop").
/// - `contactSize` is only an estimate, so a touch held still also progresses by the Haptic Touch
///   timing below, whichever is further: the time held counts as the force that reaches each
///   threshold at the moment a touch without force would (`HapticTouchHold`), so a contact-size
///   screen is never worse than a screen without force. Moving beyond `slop` before the peek, or
///   a declined begin, ends the timing for that touch, and a preview that holding still began is
///   then cancelled as a drag while the estimated force is below the begin threshold.
/// - `duration` (*Haptic Touch*): a touch held still for the `hapticTouchTiming`'s begin delay
///   asks `shouldBegin`; the preview then progresses with the time held up to the peek, and the
///   commit, with continued hold, up to the pop (`TouchDuration` gives the times). A touch that
///   moves beyond `slop` from where it landed before the peek is a drag or a scroll: it never
///   begins, or cancels. After the peek it may move. A finger held still sends no events, so
///   time also advances between frames: `nextDeadline` says when the interaction next changes,
///   and `advance(to:)` makes it happen. Each frame first advances to its own time, so the
///   calls are the same whether a runtime advances at every deadline, only with the frames
///   (a replay as fast as possible), or in any other steps.
///
/// After the peek, the delegate's actions may take the commit's place (`actionLayout`): sliding
/// up reveals them (or, for quick actions, they appear at the peek), moving over one highlights
/// it, lifting on it performs it and ends the interaction (`didPerform`), and sliding back down
/// hides them. As in UIKit, once the actions were revealed the commit no longer happens in that
/// interaction: force (or, for a Haptic Touch, time held) stops driving it, and a lift that
/// is not on an action cancels. A frame that both reveals the actions and presses past the
/// commit reveals them.
///
/// Only touches that land in `region` (and that the delegate's `shouldReceive` accepts) drive
/// the interaction; a `PreviewInteractionGroup` composes several interactions on one device.
///
/// The delegate calls, the feedback (peek, pop, selection) and `statistics` are the same for
/// every source. Lifting before the commit ends (and not on an action), a palm, device loss, a
/// gap in the event stream or `cancel()` cancels. `isAvailable` is false only when the owner
/// turned interactions off.
///
/// Updating and advancing allocate nothing.
///
/// Stored properties are `@exclusivity(unchecked)`: they change on every event, and Swift would
/// otherwise check each access at run time for overlapping accesses (which the optimizer cannot
/// rule out for class properties), at a cost several times that of the work itself. The type
/// is used from one thread, and no access to its state is held open across a call that could
/// come back to it (delegates and observers are called between accesses), so there is no
/// overlap to detect.
public final class PreviewInteraction {
    /// The delegate.
    @exclusivity(unchecked)
    public weak var delegate: (any PreviewInteractionDelegate)?
    /// Plays the peek, the pop and the selection ticks; nil plays nothing.
    @exclusivity(unchecked)
    public weak var feedback: (any PreviewFeedback)?
    /// The force thresholds (scaled by `sensitivity.force` and fitted to the device's maximum
    /// force when a touch starts driving).
    @exclusivity(unchecked)
    public var thresholds: PreviewThresholds
    /// The user's sensitivity and touch duration; a change applies from the next touch.
    @exclusivity(unchecked)
    public var sensitivity: TouchSensitivity
    /// How far a touch held to drive a Haptic Touch may move before it is a drag.
    @exclusivity(unchecked)
    public var slop = TouchSlop.standard
    /// The area used by `location(in:)`, `region` and to measure movement (`slop`, `actionLayout`).
    @exclusivity(unchecked)
    public var area: DeviceArea?
    /// Where a touch must land to drive the interaction (default: anywhere).
    @exclusivity(unchecked)
    public var region = InteractionRegion.everywhere
    /// How the actions the delegate supplies are revealed and chosen (default: `.peekActions`).
    @exclusivity(unchecked)
    public var actionLayout = PreviewActionLayout.peekActions

    /// Where the interaction is.
    @exclusivity(unchecked)
    public internal(set) var state = State.idle
    /// The driving touch, as of the last frame that changed it.
    @exclusivity(unchecked)
    public private(set) var touch: Touch?
    /// Whether interactions can happen at all: true for every force source (without force, a
    /// touch held still drives them); false only when the owner turned them off.
    @exclusivity(unchecked)
    public private(set) var isAvailable: Bool
    /// What drives interactions on the device: measured force (`pressure`), estimated force
    /// (`contactSize`) or the time a touch is held still (`duration`). Each touch says its own.
    @exclusivity(unchecked)
    public private(set) var forceSource: ForceSource
    /// The force thresholds in use for the current touch (see `thresholds(forMaximumForce:)`).
    @exclusivity(unchecked)
    public private(set) var activeThresholds: PreviewThresholds
    /// The interaction's clock, in microseconds of the source clock: the time of the last frame,
    /// deadline or `advance(to:)`. During a delegate or feedback call, the time of the change it
    /// reports (for a Haptic Touch, the deadline, which may be earlier than the frame that
    /// caught up with it).
    @exclusivity(unchecked)
    public internal(set) var timestamp: Int64 = 0
    /// What interactions have done so far.
    @exclusivity(unchecked)
    public internal(set) var statistics = Statistics()
    /// The actions the delegate supplied for this interaction (empty until they are first about
    /// to be revealed, and when it has none).
    @exclusivity(unchecked)
    public internal(set) var actions: [PreviewAction] = []
    /// The index in `actions` of the action under the touch, while they are shown.
    @exclusivity(unchecked)
    public internal(set) var highlightedActionIndex: Int?

    /// The actions' geometry for this peek; nil before the peek or where it cannot be measured.
    @exclusivity(unchecked)
    var actionGeometry: PreviewActionGeometry?
    /// Whether the delegate was asked for this interaction's actions.
    @exclusivity(unchecked)
    var actionsRequested = false

    @exclusivity(unchecked)
    var declined = false
    /// What `evaluate` compares with: the active force thresholds, or a hold's time thresholds.
    @exclusivity(unchecked)
    var limits: PreviewThresholds
    /// The hold driving a Haptic Touch (and a contact-size touch held still); nil for touches
    /// driven by force alone.
    @exclusivity(unchecked)
    var hold: HapticTouchHold?
    @exclusivity(unchecked)
    private var lastProgress = -1.0
    @exclusivity(unchecked)
    private var lastReportedLevel = 0.0
    @exclusivity(unchecked)
    private var lastDirection = 0

    /// Creates an interaction.
    /// - Parameters:
    ///   - thresholds: force thresholds; invalid ones fall back to `.standard`.
    ///   - sensitivity: the user's sensitivity and touch duration.
    ///   - forceSource: what drives interactions on the device (for callers to report).
    ///   - isAvailable: false to turn interactions off.
    ///   - area: the device area, for `location(in:)` and the Haptic Touch slop.
    public init(
        thresholds: PreviewThresholds = .standard, sensitivity: TouchSensitivity = .standard,
        forceSource: ForceSource = .pressure, isAvailable: Bool = true, area: DeviceArea? = nil
    ) {
        let usable = thresholds.isValid ? thresholds : .standard
        self.thresholds = usable
        self.sensitivity = sensitivity
        self.activeThresholds = usable
        self.limits = usable
        self.forceSource = forceSource
        self.isAvailable = isAvailable
        self.area = area
    }

    /// Creates an idle interaction with `other`'s settings (thresholds, sensitivity, slop, area,
    /// force source, availability) and none of its delegate, feedback, region or action layout:
    /// the next interaction to compose with it on the same device.
    public convenience init(configuredLike other: PreviewInteraction) {
        self.init(
            thresholds: other.thresholds, sensitivity: other.sensitivity, forceSource: other.forceSource,
            isAvailable: other.isAvailable, area: other.area)
        slop = other.slop
    }

    /// The force thresholds a touch on a device whose force tops out at `maximumForce` uses:
    /// `thresholds` scaled by `sensitivity.force`, then fitted to the device.
    public func thresholds(forMaximumForce maximumForce: Double) -> PreviewThresholds {
        thresholds.scaled(by: sensitivity.force.thresholdScale).fitted(toMaximumForce: maximumForce)
    }

    /// The Haptic Touch timing the `sensitivity`'s touch duration chooses.
    public var hapticTouchTiming: HapticTouchTiming { sensitivity.touchDuration.timing }

    /// The driving touch's location in device units.
    public var location: Point? {
        touch.map { Point(x: $0.x, y: $0.y) }
    }

    /// The driving touch's location mapped into `rect` through `area` (nil without touch or area).
    public func location(in rect: Rect) -> Point? {
        guard let touch, let area else { return nil }
        return area.map(x: touch.x, y: touch.y, into: rect)
    }

    /// Cancels the interaction under way (`previewInteractionDidCancel`); a touch that has not
    /// begun an interaction is ignored until it lifts.
    public func cancel() {
        switch state {
        case .preview, .commit, .actions, .actionsHidden:
            finishCancelled()
        case .possible:
            state = .cancelled
        case .idle, .completed, .cancelled:
            break
        }
    }

    /// Feeds the touches that changed in one frame. The interaction first advances to each
    /// touch's timestamp (deadlines up to and including it come before the frame).
    public func update<Touches: Sequence>(with touches: Touches) where Touches.Element == Touch {
        guard isAvailable else { return }
        for touch in touches {
            advance(to: touch.timestamp)
            if isIdle {
                if accepts(touch) { start(with: touch) }
            } else if touch.identifier == self.touch?.identifier {
                follow(touch)
            }
        }
    }

    /// Whether no touch drives the interaction.
    var isIdle: Bool { touch == nil || state == .idle }

    /// Whether `touch`, which changed while the interaction is idle, starts driving it: it just
    /// landed (and is no palm) in `region`, interactions are on, and the delegate takes it.
    func accepts(_ touch: Touch) -> Bool {
        guard isAvailable, touch.phase == .began, touch.tool != .palm else { return false }
        guard region.contains(x: touch.x, y: touch.y, on: area) else { return false }
        return delegate?.previewInteraction(self, shouldReceive: touch) ?? true
    }

    /// Feeds a later frame of the driving touch.
    func follow(_ touch: Touch) {
        self.touch = touch
        if touch.phase.isTerminal {
            end(liftedAs: touch)
            reset()
        } else if let hold, state == .possible || state == .preview {
            followStill(hold, touch)
        } else {
            trackActions(touch)
            if let hold {
                if hold.forceLevels != nil { evaluate(level(of: hold, at: touch.timestamp)) }
            } else {
                evaluate(touch.force)
            }
        }
    }

    /// Ends whatever is under way because the source is gone (device loss, end of input).
    public func invalidate() {
        if isActive { finishCancelled() }
        reset()
    }

    /// Starts driving the interaction with `touch`, which it `accepts`.
    func start(with touch: Touch) {
        self.touch = touch
        state = .possible
        declined = false
        activeThresholds = thresholds(forMaximumForce: touch.maximumPossibleForce)
        if touch.forceSource == .duration {
            hold = HapticTouchHold(touch: touch, timing: hapticTouchTiming)
            limits = hapticTouchTiming.heldTimeThresholds
        } else {
            hold = touch.forceSource == .contactSize
                ? HapticTouchHold(touch: touch, timing: hapticTouchTiming, forceLevels: activeThresholds) : nil
            limits = activeThresholds
            evaluate(touch.force)
        }
    }

    private func reset() {
        state = .idle
        touch = nil
        hold = nil
        declined = false
        lastProgress = -1
        resetActions()
    }

    /// Moves the state machine to `level`: a force, or for a Haptic Touch the time held.
    func evaluate(_ level: Double) {
        let limits = self.limits
        switch state {
        case .possible:
            if declined {
                if level < limits.begin - limits.hysteresis { declined = false }
                return
            }
            guard level >= limits.begin else { return }
            if delegate?.previewInteractionShouldBegin(self) ?? true {
                // The delegate may have cancelled from inside the call.
                guard state == .possible else { return }
                state = .preview
                statistics.began += 1
                lastProgress = -1
                evaluate(level)
            } else {
                declined = true
                // Holding still asks once; force may ask again when it rises past the threshold.
                if hold?.forceLevels != nil {
                    hold = nil
                    if (touch?.force ?? 0) < limits.begin - limits.hysteresis { declined = false }
                }
            }
        case .preview:
            if level >= limits.previewEnd {
                lastProgress = -1
                // Enter the commit phase before telling the delegate, so that a cancel() from
                // inside the call ends this interaction rather than being overwritten.
                state = .commit
                statistics.previewsEnded += 1
                beginActionTracking()
                delegate?.previewInteraction(self, didUpdatePreviewTransition: 1, ended: true)
                guard state == .commit else { return }
                feedback?.previewInteraction(self, didReach: .peek)
                guard state == .commit, !revealsActionsAtPeek() else { return }
                evaluate(level)
            } else {
                let progress = Self.progress(level, from: limits.begin, to: limits.previewEnd)
                if shouldReport(progress, level: level) {
                    delegate?.previewInteraction(self, didUpdatePreviewTransition: progress, ended: false)
                }
            }
        case .commit:
            if level >= limits.commitEnd {
                state = .completed
                statistics.commits += 1
                delegate?.previewInteraction(self, didUpdateCommitTransition: 1, ended: true)
                feedback?.previewInteraction(self, didReach: .pop)
            } else {
                let progress = Self.progress(level, from: limits.previewEnd, to: limits.commitEnd)
                if shouldReport(progress, level: level) {
                    delegate?.previewInteraction(self, didUpdateCommitTransition: progress, ended: false)
                }
            }
        case .idle, .actions, .actionsHidden, .completed, .cancelled:
            break
        }
    }

    /// Whether a progress change is worth reporting. Moving on in the same direction reports every
    /// `progressStep`; turning back needs a force change of `hysteresis` first, so sensor noise of a
    /// unit or two around a steady press does not make progress flap. (A hold's time only grows,
    /// and its limits report every step.)
    private func shouldReport(_ progress: Double, level: Double) -> Bool {
        defer { if lastProgress == progress { lastReportedLevel = level } }
        if lastProgress < 0 {
            lastProgress = progress
            lastDirection = 0
            return true
        }
        let delta = progress - lastProgress
        guard delta != 0 else { return false }
        let direction = delta > 0 ? 1 : -1
        if direction == lastDirection || lastDirection == 0 {
            guard abs(delta) >= limits.progressStep else { return false }
        } else {
            guard abs(level - lastReportedLevel) >= limits.hysteresis else { return false }
        }
        lastDirection = direction
        lastProgress = progress
        return true
    }

    func finishCancelled() {
        state = .cancelled
        statistics.cancels += 1
        delegate?.previewInteractionDidCancel(self)
    }

    private static func progress(_ level: Double, from lower: Double, to upper: Double) -> Double {
        let value = (level - lower) / (upper - lower)
        return value < 0 ? 0 : (value > 1 ? 1 : value)
    }
}
