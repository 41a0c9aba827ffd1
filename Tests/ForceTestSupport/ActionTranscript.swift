import ForceCore

/// Notes the calls of one interaction (as its delegate, directly or through a pipeline) and its
/// selection ticks (as its feedback), supplying `actions` when asked; `cellActions` and
/// `shortcuts` are what the rating overlay supplies.
public final class ActionTranscript: PreviewInteractionDelegate, PreviewFeedback {
    public let actions: [PreviewAction]
    public var lines: [String] = []

    public init(actions: [PreviewAction] = []) {
        self.actions = actions
    }

    public func previewInteractionShouldBegin(_ interaction: PreviewInteraction) -> Bool {
        lines.append("shouldBegin")
        return true
    }

    public func previewInteraction(_ interaction: PreviewInteraction, didUpdatePreviewTransition progress: Double, ended: Bool) {
        if ended { lines.append("peeked") }
    }

    public func previewInteraction(_ interaction: PreviewInteraction, didUpdateCommitTransition progress: Double, ended: Bool) {
        if ended { lines.append("popped") }
    }

    public func previewInteractionDidCancel(_ interaction: PreviewInteraction) { lines.append("cancel") }

    public func previewActions(for interaction: PreviewInteraction) -> [PreviewAction] { actions }

    public func previewInteraction(_ interaction: PreviewInteraction, didRevealActions actions: [PreviewAction]) {
        lines.append("revealed \(actions.count)")
    }

    public func previewInteraction(_ interaction: PreviewInteraction, didHighlightActionAt index: Int?) {
        lines.append("highlighted \(index.map(String.init) ?? "none")")
    }

    public func previewInteractionDidHideActions(_ interaction: PreviewInteraction) { lines.append("hidden") }

    public func previewInteraction(_ interaction: PreviewInteraction, didPerform action: PreviewAction) {
        lines.append("performed \(action.identifier)")
    }

    public func previewInteraction(_ interaction: PreviewInteraction, didReach moment: PreviewFeedbackMoment) {
        if moment == .selection { lines.append("tick") }
    }
}

extension ActionTranscript {
    /// A title bar like the rating overlay's: an interaction configured like `pipeline`'s own,
    /// on the top twelfth of the device, showing quick actions (not yet added to the pipeline).
    public static func titleBar(on pipeline: InputPipeline) -> PreviewInteraction {
        let titleBar = PreviewInteraction(configuredLike: pipeline.interaction)
        titleBar.region = .top(1.0 / 12)
        titleBar.actionLayout = .quickActions
        return titleBar
    }

    /// A cell's peek actions, as the rating overlay proposes them.
    public static let cellActions = [
        PreviewAction(identifier: "rate-up", title: "Rate 👍"), PreviewAction(identifier: "rate-down", title: "Rate 👎"),
        PreviewAction(identifier: "clear-rating", title: "Clear rating", style: .destructive),
        PreviewAction(identifier: "copy-name", title: "Copy name"),
    ]

    /// The title bar's quick actions, as the rating overlay proposes them.
    public static let shortcuts = [
        PreviewAction(identifier: "show-rated", title: "Show rated only"),
        PreviewAction(identifier: "clear-all", title: "Clear all ratings", style: .destructive),
        PreviewAction(identifier: "random-emoji", title: "Jump to a random emoji"),
        PreviewAction(identifier: "scroll-to-top", title: "Scroll to top"),
    ]
}
