import ForceCore
import ForceRecording
import ForceSession
import ForceTestSupport
import Testing

/// Peek actions, quick actions and composed interactions through a session: the pipeline's
/// relay asks each interaction's delegate its questions, and the sinks hear the actions as
/// interaction events saying which interaction they belong to.
@Suite("Session: action events of composed interactions")
struct SessionActionEventTests {
    /// Notes each interaction event as `index kind`.
    final class EventLog: SessionSink {
        var lines: [String] = []
        var ticks = 0

        func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
            switch event {
            case .interaction(let interaction):
                lines.append("\(interaction.interaction) \(JSONLinesSink.eventName(interaction.kind))")
            case .feedback(.selection, _, _):
                ticks += 1
            case .deviceAdded, .deviceRemoved, .frame, .frameEnded, .feedback:
                break
            }
        }
    }

    /// Runs `name` in a session whose cells (the pipeline's own interaction) supply `cells`'s
    /// actions; `configure` may add interactions. Returns the jsonl written alongside.
    static func run(_ name: String, cells: ActionTranscript, log: EventLog, configure: (InputPipeline) -> Void = { _ in }) throws -> [String] {
        let session = Session(source: try RecordingSource(path: Repository.recording("\(name).evemu")))
        session.pipeline.delegate = cells
        configure(session.pipeline)
        let captured = CapturedText()
        let output = TextOutput(captured)
        session.pipeline.attach(log)
        session.pipeline.attach(JSONLinesSink(output: output))
        try session.run()
        output.flush()
        return captured.text.split(separator: "\n").map(String.init)
    }

    @Test func aQuickActionOnTheTitleBarIsHeardAsTheFrontInteractions() throws {
        let cells = ActionTranscript(actions: ActionTranscript.cellActions)
        let shortcuts = ActionTranscript(actions: ActionTranscript.shortcuts)
        let log = EventLog()
        let lines = try Self.run("quick-action", cells: cells, log: log) { pipeline in
            let titleBar = ActionTranscript.titleBar(on: pipeline)
            pipeline.addInteraction(titleBar, delegate: shortcuts)
        }
        #expect(cells.lines.isEmpty)
        #expect(shortcuts.lines == [
            "shouldBegin", "peeked", "revealed 4", "highlighted 0", "highlighted 1", "highlighted 2", "highlighted 3",
            "performed scroll-to-top",
        ], "the same calls as a delegate set on the interaction itself, without the ticks, which the sinks hear")
        #expect(log.ticks == 4)
        #expect(Set(log.lines.map { $0.prefix(2) }) == ["0 "], "the title bar is in front: index 0")
        #expect(log.lines.last == "0 actionPerformed")
        #expect(lines.contains { $0.contains(#""event":"actionPerformed","progress":null,"ended":null,"interaction":0,"action":"scroll-to-top","title":"Scroll to top"}"#) })
        #expect(lines.contains { $0.hasPrefix(#"{"type":"interaction""#) && $0.contains(#""event":"actionsRevealed""#) && $0.contains(#""actions":[{"identifier":"show-rated","title":"Show rated only","style":"default"},"#) })
        #expect(lines.last?.hasSuffix(#""cancels":0,"actionsPerformed":1}"#) == true)
    }

    @Test func aPeekActionOnTheOnlyInteractionKeepsTheLinesAsTheyWere() throws {
        let cells = ActionTranscript(actions: ActionTranscript.cellActions)
        let log = EventLog()
        let lines = try Self.run("peek-action", cells: cells, log: log)
        #expect(cells.lines == ["shouldBegin", "peeked", "revealed 4", "highlighted 0", "highlighted 1", "performed rate-down"])
        #expect(log.lines.suffix(4) == ["0 actionsRevealed", "0 actionHighlighted", "0 actionHighlighted", "0 actionPerformed"])
        #expect(log.ticks == 2)
        #expect(!lines.contains { $0.contains(#""interaction":"#) }, "one interaction: no index on the lines")
        #expect(lines.contains { $0.contains(#""event":"actionHighlighted","progress":null,"ended":null,"index":1,"action":"rate-down"}"#) })
    }

    @Test func aDelegateAddedToTheGroupDirectlyKeepsItsCallsAndTheSinksHearNothingOfIt() throws {
        let cells = ActionTranscript(actions: ActionTranscript.cellActions)
        let shortcuts = ActionTranscript(actions: ActionTranscript.shortcuts)
        let log = EventLog()
        _ = try Self.run("quick-action", cells: cells, log: log) { pipeline in
            let titleBar = ActionTranscript.titleBar(on: pipeline)
            titleBar.delegate = shortcuts
            titleBar.feedback = shortcuts
            pipeline.interactions.insert(titleBar, at: 0)
        }
        #expect(shortcuts.lines.last == "performed scroll-to-top" && shortcuts.lines.filter { $0 == "tick" }.count == 4)
        #expect(log.lines.isEmpty && log.ticks == 0)
    }

    @Test func removingAnInteractionUnderWayCancelsItOnceAndSaysWhichItWas() throws {
        let recording = try Recording(contentsOf: Repository.recording("quick-action.evemu"))
        let pipeline = InputPipeline(device: recording.description)
        let shortcuts = ActionTranscript(actions: ActionTranscript.shortcuts)
        let titleBar = ActionTranscript.titleBar(on: pipeline)
        pipeline.addInteraction(titleBar, delegate: shortcuts)
        let log = EventLog()
        pipeline.attach(log)
        for event in recording.events {
            pipeline.process(event)
            if titleBar.state == .actions { break }
        }
        pipeline.removeInteraction(titleBar)
        #expect(log.lines.last == "0 cancel")
        #expect(shortcuts.lines.last == "cancel")
        #expect(pipeline.interactions.interactions.count == 1 && pipeline.delegate(of: titleBar) == nil)
    }
}
