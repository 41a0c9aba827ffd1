import ForceCore
import ForceRecording
import ForceTestSupport
import Testing

/// The shipped recordings of peek actions, quick actions and a scroll to the top, through the
/// pipeline with the actions a rating app would supply: what each performs, and that the drags
/// in them begin nothing.
@Suite("Shipped recordings: peek actions, quick actions, scroll to top")
struct ShippedActionRecordingTests {
    /// Replays `name` through a pipeline whose interaction's delegate is `cells`; `configure`
    /// may add interactions first.
    static func replay(_ name: String, cells: ActionTranscript, configure: (InputPipeline) -> Void = { _ in }) throws -> InputPipeline {
        let path = try #require(Repository.recordings.first { $0.hasSuffix("/\(name).evemu") })
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
        let cells = ActionTranscript(actions: ActionTranscript.cellActions)
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
        let cells = ActionTranscript(actions: ActionTranscript.cellActions)
        let titleBar = ActionTranscript(actions: ActionTranscript.shortcuts)
        let pipeline = try Self.replay("quick-action", cells: cells) { pipeline in
            let interaction = ActionTranscript.titleBar(on: pipeline)
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

        let alone = ActionTranscript(actions: ActionTranscript.cellActions)
        _ = try Self.replay("quick-action", cells: alone)
        #expect(alone.lines == ["shouldBegin", "peeked", "cancel"], "without a title-bar interaction the press peeks a cell")
    }

    @Test func theScrollToTopRecordingBeginsNothing() throws {
        let cells = ActionTranscript(actions: ActionTranscript.cellActions)
        let pipeline = try Self.replay("scroll-to-top", cells: cells)
        #expect(cells.lines.isEmpty)
        #expect(pipeline.summary.touches == 1)
        #expect(pipeline.interaction.forceSource == .duration)
    }
}
