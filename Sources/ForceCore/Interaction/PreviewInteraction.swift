import Foundation

/// A force-driven preview and commit, shaped like `UIPreviewInteraction`.
///
/// Feed it every frame's touches with `update(with:)`. The first touch that begins while the
/// interaction is idle drives it; other touches never take over. When the driving touch's force
/// reaches `thresholds.begin`, the delegate is asked `previewInteractionShouldBegin`; the preview
/// transition then follows force up to `previewEnd` ("peek"), and the commit transition up to
/// `commitEnd` ("pop"), which completes the interaction. Lifting before that, a palm, device loss,
/// a gap in the event stream or `cancel()` cancels it. Devices without pressure cannot drive it:
/// `isAvailable` is false and no delegate calls are made.
///
/// Updating allocates nothing.
///
/// Stored properties are `@exclusivity(unchecked)`: they change on every event, and Swift would
/// otherwise check each access at run time for overlapping accesses (which the optimizer cannot
/// rule out for class properties), at a cost several times that of the work itself. The type
/// is used from one thread, and no access to its state is held open across a call that could
/// come back to it (delegates and observers are called between accesses), so there is no
/// overlap to detect.
public final class PreviewInteraction {
    /// Where the interaction is.
    public enum State: String, Hashable, Sendable {
        /// No touch drives it.
        case idle
        /// A touch drives it, not yet hard enough to begin (or the delegate declined).
        case possible
        /// The preview transition is under way.
        case preview
        /// The preview ended; the commit transition is under way.
        case commit
        /// The commit ended; waiting for the touch to lift.
        case completed
        /// Cancelled; waiting for the touch to lift.
        case cancelled
    }

    /// Counts of what interactions did.
    public struct Statistics: Hashable, Sendable {
        /// Interactions that began (`shouldBegin` returned true).
        public var began = 0
        /// Preview transitions that ended ("peek").
        public var previewsEnded = 0
        /// Commit transitions that ended ("pop").
        public var commits = 0
        /// Interactions cancelled.
        public var cancels = 0
    }

    /// The delegate.
    @exclusivity(unchecked)
    public weak var delegate: (any PreviewInteractionDelegate)?
    /// Plays the peek and pop; nil plays nothing.
    @exclusivity(unchecked)
    public weak var feedback: (any PreviewFeedback)?
    /// The force thresholds (fitted to the device's maximum force when a touch starts driving).
    @exclusivity(unchecked)
    public var thresholds: PreviewThresholds
    /// The area used by `location(in:)`.
    @exclusivity(unchecked)
    public var area: DeviceArea?

    /// Where the interaction is.
    @exclusivity(unchecked)
    public private(set) var state = State.idle
    /// The driving touch, as of the last frame that changed it.
    @exclusivity(unchecked)
    public private(set) var touch: Touch?
    /// Whether force can drive interactions on this device (false without pressure).
    @exclusivity(unchecked)
    public private(set) var isAvailable: Bool
    /// The thresholds in use for the current touch.
    @exclusivity(unchecked)
    public private(set) var activeThresholds: PreviewThresholds
    /// What interactions have done so far.
    @exclusivity(unchecked)
    public private(set) var statistics = Statistics()

    @exclusivity(unchecked)
    private var declined = false
    @exclusivity(unchecked)
    private var lastProgress = -1.0
    @exclusivity(unchecked)
    private var lastReportedForce = 0.0
    @exclusivity(unchecked)
    private var lastDirection = 0

    /// Creates an interaction.
    /// - Parameters:
    ///   - thresholds: force thresholds; invalid ones fall back to `.standard`.
    ///   - isAvailable: false for devices without pressure.
    ///   - area: the device area for `location(in:)`.
    public init(thresholds: PreviewThresholds = .standard, isAvailable: Bool = true, area: DeviceArea? = nil) {
        let usable = thresholds.isValid ? thresholds : .standard
        self.thresholds = usable
        self.activeThresholds = usable
        self.isAvailable = isAvailable
        self.area = area
    }

    /// The driving touch's location in device units.
    public var location: CGPoint? {
        touch.map { CGPoint(x: $0.x, y: $0.y) }
    }

    /// The driving touch's location mapped into `rect` through `area` (nil without touch or area).
    public func location(in rect: CGRect) -> CGPoint? {
        guard let touch, let area else { return nil }
        return area.map(x: touch.x, y: touch.y, into: rect)
    }

    /// Whether an interaction is under way (between `shouldBegin` and its terminal call).
    public var isActive: Bool { state == .preview || state == .commit }

    /// Cancels the interaction under way (`previewInteractionDidCancel`); a touch that has not
    /// begun an interaction is ignored until it lifts.
    public func cancel() {
        switch state {
        case .preview, .commit:
            finishCancelled()
        case .possible:
            state = .cancelled
        case .idle, .completed, .cancelled:
            break
        }
    }

    /// Feeds the touches that changed in one frame.
    public func update<Touches: Sequence>(with touches: Touches) where Touches.Element == Touch {
        guard isAvailable else { return }
        for touch in touches {
            if self.touch == nil || state == .idle {
                guard touch.phase == .began, touch.tool != .palm else { continue }
                start(with: touch)
                continue
            }
            guard touch.identifier == self.touch?.identifier else { continue }
            self.touch = touch
            if touch.phase.isTerminal {
                if isActive { finishCancelled() }
                reset()
            } else {
                evaluate(force: touch.force)
            }
        }
    }

    /// The next time (microseconds of the source clock) at which the interaction changes without
    /// a new frame, for sources whose progress follows time rather than force (Haptic Touch);
    /// nil when nothing is scheduled. A runtime sets its timer to this and calls
    /// `advance(to:)` when it passes, so that a touch held perfectly still, which sends no
    /// events, still progresses; a replay at any speed advances through the same deadlines.
    public var nextDeadline: Int64? { nil }

    /// Moves the interaction's clock to `time` (microseconds of the source clock), making every
    /// change due by then.
    public func advance(to time: Int64) {}

    /// Ends whatever is under way because the source is gone (device loss, end of input).
    public func invalidate() {
        if isActive { finishCancelled() }
        reset()
    }

    private func start(with touch: Touch) {
        self.touch = touch
        state = .possible
        declined = false
        activeThresholds = thresholds.fitted(toMaximumForce: touch.maximumPossibleForce)
        evaluate(force: touch.force)
    }

    private func reset() {
        state = .idle
        touch = nil
        declined = false
        lastProgress = -1
    }

    private func evaluate(force: Double) {
        let limits = activeThresholds
        switch state {
        case .possible:
            if declined {
                if force < limits.begin - limits.hysteresis { declined = false }
                return
            }
            guard force >= limits.begin else { return }
            if delegate?.previewInteractionShouldBegin(self) ?? true {
                // The delegate may have cancelled from inside the call.
                guard state == .possible else { return }
                state = .preview
                statistics.began += 1
                lastProgress = -1
                evaluate(force: force)
            } else {
                declined = true
            }
        case .preview:
            if force >= limits.previewEnd {
                lastProgress = -1
                // Enter the commit phase before telling the delegate, so that a cancel() from
                // inside the call ends this interaction rather than being overwritten.
                state = .commit
                statistics.previewsEnded += 1
                delegate?.previewInteraction(self, didUpdatePreviewTransition: 1, ended: true)
                guard state == .commit else { return }
                feedback?.previewInteraction(self, didReach: .peek)
                guard state == .commit else { return }
                evaluate(force: force)
            } else {
                let progress = Self.progress(force, from: limits.begin, to: limits.previewEnd)
                if shouldReport(progress, force: force) {
                    delegate?.previewInteraction(self, didUpdatePreviewTransition: progress, ended: false)
                }
            }
        case .commit:
            if force >= limits.commitEnd {
                state = .completed
                statistics.commits += 1
                delegate?.previewInteraction(self, didUpdateCommitTransition: 1, ended: true)
                feedback?.previewInteraction(self, didReach: .pop)
            } else {
                let progress = Self.progress(force, from: limits.previewEnd, to: limits.commitEnd)
                if shouldReport(progress, force: force) {
                    delegate?.previewInteraction(self, didUpdateCommitTransition: progress, ended: false)
                }
            }
        case .idle, .completed, .cancelled:
            break
        }
    }

    /// Whether a progress change is worth reporting. Moving on in the same direction reports every
    /// `progressStep`; turning back needs a force change of `hysteresis` first, so sensor noise of a
    /// unit or two around a steady press does not make progress flap.
    private func shouldReport(_ progress: Double, force: Double) -> Bool {
        defer { if lastProgress == progress { lastReportedForce = force } }
        if lastProgress < 0 {
            lastProgress = progress
            lastDirection = 0
            return true
        }
        let delta = progress - lastProgress
        guard delta != 0 else { return false }
        let direction = delta > 0 ? 1 : -1
        if direction == lastDirection || lastDirection == 0 {
            guard abs(delta) >= activeThresholds.progressStep else { return false }
        } else {
            guard abs(force - lastReportedForce) >= activeThresholds.hysteresis else { return false }
        }
        lastDirection = direction
        lastProgress = progress
        return true
    }

    private func finishCancelled() {
        state = .cancelled
        statistics.cancels += 1
        delegate?.previewInteractionDidCancel(self)
    }

    private static func progress(_ force: Double, from lower: Double, to upper: Double) -> Double {
        let value = (force - lower) / (upper - lower)
        return value < 0 ? 0 : (value > 1 ? 1 : value)
    }
}
