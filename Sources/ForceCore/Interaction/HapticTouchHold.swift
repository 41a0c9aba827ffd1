/// One touch driving a preview interaction by being held still (Haptic Touch): where and when it
/// landed, and the next moment its interaction changes without a frame.
///
/// On a device without force the time held is the level the interaction follows. On a device
/// whose force is estimated from contact size the time held also drives it, alongside the
/// estimate (whichever is further): `forceLevels` maps the time held onto the force thresholds, so
/// that holding still reaches the begin, the peek and the pop at the same moments as without force.
///
/// The moments form a fixed schedule from the landing time: the begin, then every
/// `progressInterval` from the start of each transition, and the exact ends of the preview and
/// the commit. A runtime that advances at every deadline, only at frames, or in any other
/// steps, therefore reaches the same moments with the same progress.
struct HapticTouchHold {
    /// The driving touch.
    let identifier: Int
    /// When it landed.
    let start: Int64
    /// Where it landed.
    let originX: Double
    let originY: Double
    /// The timing in force when it landed.
    let timing: HapticTouchTiming
    /// The force thresholds the time held maps onto (a touch whose force is estimated); nil when
    /// the time held itself is the level (a touch without force).
    let forceLevels: PreviewThresholds?
    /// The next moment its interaction changes; nil when nothing more is scheduled.
    private(set) var nextDeadline: Int64?
    /// Whether holding still, rather than the estimated force, began the preview.
    var beganPreview = false

    init(touch: Touch, timing: HapticTouchTiming, forceLevels: PreviewThresholds? = nil) {
        identifier = touch.identifier
        start = touch.timestamp
        originX = touch.x
        originY = touch.y
        self.timing = timing
        self.forceLevels = forceLevels
        nextDeadline = start + timing.beginDelay
    }

    /// The level held still until `time` reaches: the time held in microseconds (which the state
    /// machine compares with `timing.heldTimeThresholds`), or, for a touch whose force is
    /// estimated, the force the time held stands for: linear from 0 to the begin threshold over
    /// the begin delay, then from threshold to threshold over the preview and the commit, and the
    /// commit's threshold from the pop on.
    func level(at time: Int64) -> Double {
        let held = Double(time - start)
        guard let levels = forceLevels else { return held }
        let begin = Double(timing.beginDelay)
        let peek = Double(timing.peekTime)
        let pop = Double(timing.popTime)
        if held < begin { return levels.begin * max(held, 0) / begin }
        if held < peek { return levels.begin + (levels.previewEnd - levels.begin) * (held - begin) / (peek - begin) }
        if held < pop { return levels.previewEnd + (levels.commitEnd - levels.previewEnd) * (held - peek) / (pop - peek) }
        return levels.commitEnd
    }

    /// Whether `touch` is farther than `slop` from where the hold landed.
    func hasMoved(_ touch: Touch, beyond slop: TouchSlop, on area: DeviceArea?) -> Bool {
        slop.isExceeded(dx: touch.x - originX, dy: touch.y - originY, on: area)
    }

    /// Schedules the moment after `time` (the deadline just handled), given where the
    /// interaction is now.
    mutating func schedule(after time: Int64, state: PreviewInteraction.State, declined: Bool) {
        let begin = start + timing.beginDelay
        switch state {
        case .possible:
            nextDeadline = !declined && begin > time ? begin : nil
        case .preview:
            nextDeadline = min(time + timing.progressInterval, start + timing.peekTime)
        case .commit:
            nextDeadline = min(time + timing.progressInterval, start + timing.popTime)
        case .idle, .actions, .actionsHidden, .completed, .cancelled:
            nextDeadline = nil
        }
    }
}
