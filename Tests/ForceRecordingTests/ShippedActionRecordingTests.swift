import ForceCore
import ForceRecording
import Testing

/// The shipped recordings of peek actions, quick actions and a scroll to the top, through the
/// pipeline with the actions a rating app would supply: what each performs, and that the drags
/// in them begin nothing.
@Suite("Shipped recordings: peek actions, quick actions, scroll to top")
struct ShippedActionRecordingTests {
    /// Notes the calls of one interaction, supplying `actions` when asked.
    final class ActionTranscript: PreviewInteractionDelegate, PreviewFeedback {
        let actions: [PreviewAction]
        var lines: [String] = []

        init(actions: [PreviewAction] = []) {
            self.actions = actions
        }

        func previewInteractionShouldBegin(_ interaction: PreviewInteraction) -> Bool {
            lines.append("shouldBegin")
            return true
        }

        func previewInteraction(_ interaction: PreviewInteraction, didUpdatePreviewTransition progress: Double, ended: Bool) {
            if ended { lines.append("peeked") }
        }

        func previewInteraction(_ interaction: PreviewInteraction, didUpdateCommitTransition progress: Double, ended: Bool) {
            if ended { lines.append("popped") }
        }

        func previewInteractionDidCancel(_ interaction: PreviewInteraction) { lines.append("cancel") }

        func previewActions(for interaction: PreviewInteraction) -> [PreviewAction] { actions }

        func previewInteraction(_ interaction: PreviewInteraction, didRevealActions actions: [PreviewAction]) {
            lines.append("revealed \(actions.count)")
        }

        func previewInteraction(_ interaction: PreviewInteraction, didHighlightActionAt index: Int?) {
            lines.append("highlighted \(index.map(String.init) ?? "none")")
        }

        func previewInteractionDidHideActions(_ interaction: PreviewInteraction) { lines.append("hidden") }

        func previewInteraction(_ interaction: PreviewInteraction, didPerform action: PreviewAction) {
            lines.append("performed \(action.identifier)")
        }

        func previewInteraction(_ interaction: PreviewInteraction, didReach moment: PreviewFeedbackMoment) {
            if moment == .selection { lines.append("tick") }
        }
    }

    /// A cell's peek actions, as the rating overlay proposes them.
    static let cellActions = [
        PreviewAction(identifier: "rate-up", title: "Rate 👍"), PreviewAction(identifier: "rate-down", title: "Rate 👎"),
        PreviewAction(identifier: "clear-rating", title: "Clear rating", style: .destructive),
        PreviewAction(identifier: "copy-name", title: "Copy name"),
    ]

    /// The title bar's quick actions, as the rating overlay proposes them.
    static let shortcuts = [
        PreviewAction(identifier: "show-rated", title: "Show rated only"),
        PreviewAction(identifier: "clear-all", title: "Clear all ratings", style: .destructive),
        PreviewAction(identifier: "random-emoji", title: "Jump to a random emoji"),
        PreviewAction(identifier: "scroll-to-top", title: "Scroll to top"),
    ]

    /// Replays `name` through a pipeline whose interaction's delegate is `cells`; `configure`
    /// may add interactions first.
    static func replay(_ name: String, cells: ActionTranscript, configure: (InputPipeline) -> Void = { _ in }) throws -> InputPipeline {
        let path = try #require(Fixtures.recordings.first { $0.hasSuffix("/\(name).evemu") })
        let recording = try Recording(contentsOf: path)
        let pipeline = InputPipeline(device: recording.description)
        pipeline.interaction.delegate = cells
        pipeline.interaction.feedback = cells
        configure(pipeline)
        pipeline.process(recording.events)
        pipeline.finish()
        return pipeline
    }

    @Test func thePeekActionRecordingPerformsTheSecondAction() throws {
        let cells = ActionTranscript(actions: Self.cellActions)
        let pipeline = try Self.replay("peek-action", cells: cells)
        #expect(cells.lines == [
            "shouldBegin", "peeked", "revealed 4", "highlighted 0", "tick", "highlighted 1", "tick", "performed rate-down",
        ])
        #expect(pipeline.summary.actionsPerformed == 1 && pipeline.summary.cancels == 0 && pipeline.summary.commits == 0)

        let withoutActions = ActionTranscript()
        _ = try Self.replay("peek-action", cells: withoutActions)
        #expect(withoutActions.lines == ["shouldBegin", "peeked", "cancel"], "without actions the slide changes nothing")
    }

    @Test func theQuickActionRecordingScrollsToTheTopFromTheTitleBar() throws {
        let cells = ActionTranscript(actions: Self.cellActions)
        let titleBar = ActionTranscript(actions: Self.shortcuts)
        let pipeline = try Self.replay("quick-action", cells: cells) { pipeline in
            let interaction = PreviewInteraction(configuredLike: pipeline.interaction)
            interaction.region = .top(1.0 / 12)
            interaction.actionLayout = .quickActions
            interaction.delegate = titleBar
            interaction.feedback = titleBar
            pipeline.interactions.insert(interaction, at: 0)
        }
        #expect(cells.lines.isEmpty, "the drag stays lighter than an average touch")
        #expect(titleBar.lines == [
            "shouldBegin", "peeked", "revealed 4", "highlighted 0", "tick", "highlighted 1", "tick", "highlighted 2", "tick",
            "highlighted 3", "tick", "performed scroll-to-top",
        ])
        #expect(pipeline.summary.actionsPerformed == 1 && pipeline.summary.touches == 2)

        let alone = ActionTranscript(actions: Self.cellActions)
        _ = try Self.replay("quick-action", cells: alone)
        #expect(alone.lines == ["shouldBegin", "peeked", "cancel"], "without a title-bar interaction the press peeks a cell")
    }

    @Test func theScrollToTopRecordingBeginsNothing() throws {
        let cells = ActionTranscript(actions: Self.cellActions)
        let pipeline = try Self.replay("scroll-to-top", cells: cells)
        #expect(cells.lines.isEmpty)
        #expect(pipeline.summary.touches == 1)
        #expect(pipeline.interaction.forceSource == .duration)
    }
}
