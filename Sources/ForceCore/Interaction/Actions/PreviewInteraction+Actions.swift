/// The actions part of a `PreviewInteraction`: revealing, highlighting, hiding and performing
/// the actions its delegate supplies, after the peek.
extension PreviewInteraction {
    /// Measures the actions' layout from where the driving touch is at the peek.
    func beginActionTracking() {
        actionGeometry = touch.flatMap { PreviewActionGeometry(actionLayout, area: area, anchor: $0.y) }
    }

    /// At the peek, reveals the actions of a layout that shows them there; returns whether it did
    /// (the commit is then off).
    func revealsActionsAtPeek() -> Bool {
        guard actionLayout.reveal == .atPeek, actionGeometry != nil else { return false }
        return revealActions()
    }

    /// Follows the driving touch after the peek: reveals, highlights or hides the actions.
    func trackActions(_ touch: Touch) {
        guard let geometry = actionGeometry else { return }
        let travel = geometry.travel(toY: touch.y)
        switch state {
        case .commit, .actionsHidden:
            guard geometry.reveals(atTravel: travel), revealActions() else { return }
            highlightAction(atTravel: travel, in: geometry)
        case .actions:
            if geometry.hides(atTravel: travel) {
                hideActions()
            } else {
                highlightAction(atTravel: travel, in: geometry)
            }
        case .idle, .possible, .preview, .completed, .cancelled:
            break
        }
    }

    /// Ends the interaction because its touch lifted or was cancelled: a lift on a highlighted
    /// action performs it, anything else under way cancels.
    func end(liftedAs touch: Touch) {
        if state == .actions, touch.phase == .ended, let index = highlightedActionIndex, actions.indices.contains(index) {
            state = .completed
            statistics.actionsPerformed += 1
            delegate?.previewInteraction(self, didPerform: actions[index])
        } else if isActive {
            finishCancelled()
        }
    }

    /// Forgets the last interaction's actions.
    func resetActions() {
        actionGeometry = nil
        actionsRequested = false
        highlightedActionIndex = nil
        if !actions.isEmpty { actions = [] }
    }

    /// Shows the actions, asking the delegate for them the first time; returns whether they are
    /// shown (false when there are none, or the delegate ended the interaction meanwhile).
    private func revealActions() -> Bool {
        if !actionsRequested {
            actionsRequested = true
            let supplied = delegate?.previewActions(for: self) ?? []
            guard state == .commit || state == .actionsHidden else { return false }
            let limit = max(actionLayout.maximumCount, 0)
            actions = supplied.count > limit ? Array(supplied.prefix(limit)) : supplied
        }
        guard !actions.isEmpty else { return false }
        state = .actions
        delegate?.previewInteraction(self, didRevealActions: actions)
        return state == .actions
    }

    private func highlightAction(atTravel travel: Double, in geometry: PreviewActionGeometry) {
        let row = geometry.row(atTravel: travel, count: actions.count, current: highlightedActionIndex)
        guard row != highlightedActionIndex else { return }
        highlightedActionIndex = row
        delegate?.previewInteraction(self, didHighlightActionAt: row)
        guard row != nil, state == .actions else { return }
        feedback?.previewInteraction(self, didReach: .selection)
    }

    private func hideActions() {
        if highlightedActionIndex != nil {
            highlightedActionIndex = nil
            delegate?.previewInteraction(self, didHighlightActionAt: nil)
            guard state == .actions else { return }
        }
        state = .actionsHidden
        delegate?.previewInteractionDidHideActions(self)
    }
}
