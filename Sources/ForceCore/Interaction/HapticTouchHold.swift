/// One touch driving a preview interaction by being held still (Haptic Touch): where and when it
/// landed, and the next moment its interaction changes without a frame.
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
    /// The next moment its interaction changes; nil when nothing more is scheduled.
    private(set) var nextDeadline: Int64?

    init(touch: Touch, timing: HapticTouchTiming) {
        identifier = touch.identifier
        start = touch.timestamp
        originX = touch.x
        originY = touch.y
        self.timing = timing
        nextDeadline = start + timing.beginDelay
    }

    /// The time held at `time`, in microseconds, as the level the state machine compares with
    /// `timing.heldTimeThresholds`.
    func heldTime(at time: Int64) -> Double {
        Double(time - start)
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
