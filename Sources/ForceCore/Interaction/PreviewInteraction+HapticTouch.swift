/// Haptic Touch: a touch held still drives the interaction through time (`HapticTouchHold`),
/// alone on a device without force, alongside the estimate on a contact-size device.
extension PreviewInteraction {
    /// The next time (microseconds of the source clock) at which the interaction changes without
    /// a new frame: the begin, a progress step or the end of a transition of a touch held still
    /// (`ForceSource.duration`, or `contactSize` while it holds still); nil when nothing is
    /// scheduled (always for touches driven by pressure). A runtime sets its timer to this and
    /// calls `advance(to:)` when it passes, so that a touch held perfectly still, which sends no
    /// events, still progresses.
    public var nextDeadline: Int64? {
        switch state {
        case .possible, .preview, .commit: return hold?.nextDeadline
        case .idle, .actions, .actionsHidden, .completed, .cancelled: return nil
        }
    }

    /// Moves the interaction's clock to `time` (microseconds of the source clock), making every
    /// change due by then, each at its own deadline, in order. Earlier times change nothing.
    public func advance(to time: Int64) {
        while let deadline = nextDeadline, deadline <= time, let hold {
            timestamp = deadline
            evaluateHeld(hold, at: deadline)
            // The delegate may have ended this hold, or even started another, from inside a call.
            guard self.hold?.identifier == hold.identifier else { continue }
            self.hold?.schedule(after: deadline, state: state, declined: declined)
        }
        if time > timestamp { timestamp = time }
    }

    /// The level `hold` puts the interaction at by `time`: the time held (no force), or the
    /// further of the touch's estimated force and the force the time held stands for.
    func level(of hold: HapticTouchHold, at time: Int64) -> Double {
        guard hold.forceLevels != nil else { return hold.level(at: time) }
        return max(touch?.force ?? 0, hold.level(at: time))
    }

    /// Moves the state machine to the level `hold` gives at `time`, noting when holding still,
    /// rather than the estimated force, began the preview.
    private func evaluateHeld(_ hold: HapticTouchHold, at time: Int64) {
        let wasPossible = state == .possible
        evaluate(level(of: hold, at: time))
        guard wasPossible, state != .possible, hold.forceLevels != nil, (touch?.force ?? 0) < limits.begin,
              self.hold?.identifier == hold.identifier else { return }
        self.hold?.beganPreview = true
    }

    /// A later frame of a touch held still, before the peek. Moving beyond the slop ends holding
    /// still: without force the touch is a drag or a scroll, which cancels a preview under way and
    /// otherwise never begins. With estimated force, force alone drives it from then on, except
    /// that a preview holding still began is a drag's too, cancelled while the force is below the
    /// begin threshold.
    func followStill(_ hold: HapticTouchHold, _ touch: Touch) {
        let moved = hold.hasMoved(touch, beyond: slop, on: area)
        guard hold.forceLevels != nil else {
            if moved { endAsDrag() }
            return
        }
        guard moved else {
            evaluateHeld(hold, at: touch.timestamp)
            return
        }
        self.hold = nil
        if state == .preview && hold.beganPreview && touch.force < limits.begin {
            endAsDrag()
        } else {
            evaluate(touch.force)
        }
    }

    /// A drag or a scroll: cancels a preview under way, and otherwise never begins.
    private func endAsDrag() {
        if state == .preview {
            finishCancelled()
        } else {
            state = .cancelled
        }
    }
}
