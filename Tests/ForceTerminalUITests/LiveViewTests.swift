import ForceCore
import ForceDevices
import ForceSession
import ForceTerminalUI
import ForceTestSupport
import Testing

/// `monitor`'s live view, fed a recorded session: the log of touches and interaction events
/// scrolls, and the force bars and interaction state are redrawn below it.
@Suite("live view")
struct LiveViewTests {
    /// Hears the panel's status lines at the moments the tests look at.
    private final class Snapshots: SessionSink {
        let panel: LivePanel
        var atCommit: [String] = []
        init(panel: LivePanel) { self.panel = panel }

        func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
            if case .interaction(let interaction) = event, case .commit(_, ended: true) = interaction.kind { atCommit = panel.statusLines() }
        }
    }

    /// The lines of `text` without the cursor movements and clears that redraw the footer.
    static func lines(_ text: String) -> [String] {
        var plain = ""
        var escape = false
        for character in text {
            if character == "\u{1b}" { escape = true; continue }
            if escape { if character.isLetter { escape = false }; continue }
            plain.append(character)
        }
        return plain.split(separator: "\n").map(String.init)
    }

    @Test func theLogNamesTheDeviceTheTouchesAndTheInteraction() throws {
        let runtime = try SessionRuntime()
        let captured = CapturedText()
        let view = LiveView(output: TextOutput(captured), loop: runtime.loop)
        let source = try RecordingSource(path: Repository.recording("stylus-commit.evemu"))
        let pipeline = InputPipeline(device: source.device)
        let panel = view.panel(node: "/dev/input/event7")
        pipeline.attach(panel)
        let snapshots = Snapshots(panel: panel)
        pipeline.attach(snapshots)
        try runtime.start(Session(source: source, pipeline: pipeline))
        try runtime.run()
        view.redraw()

        // The log lines, without the redrawn footer's control sequences.
        let log = Self.lines(captured.text).filter { $0.hasPrefix("/dev/input/event7: ") }
        #expect(log.first?.hasPrefix("/dev/input/event7: \"Wacom Intuos Pro M Pen\" (tablet), pressure ABS_PRESSURE 0...8191") == true)
        #expect(log.dropFirst() == [
            "/dev/input/event7: touch 1 began (pen)", "/dev/input/event7: Preview should begin",
            "/dev/input/event7: Preview: 1.0, ended: true", "/dev/input/event7: Commit: 1.0, ended: true",
            "/dev/input/event7: touch 1 ended",
        ])
        // At the pop: one force bar for the pen, then the interaction's state.
        #expect(snapshots.atCommit.count == 2)
        #expect(snapshots.atCommit.first?.hasPrefix("  /dev/input/event7 touch 1 pen    ") == true)
        #expect(snapshots.atCommit.first?.contains(" / ") == true)
        #expect(snapshots.atCommit.last == "  /dev/input/event7 interaction: completed")
        // The session ended: its panel left the view, and the footer was cleared.
        #expect(captured.text.hasSuffix("\u{1b}[1F\u{1b}[J"), "the footer is cleared once the device's panel is gone")
    }

    @Test func aPressurelessTouchscreenSaysTouchesAreHeldStill() throws {
        let runtime = try SessionRuntime()
        let captured = CapturedText()
        let view = LiveView(output: TextOutput(captured), loop: runtime.loop)
        let source = try RecordingSource(path: Repository.recording("no-pressure.evemu"))
        let pipeline = InputPipeline(device: source.device)
        pipeline.attach(view.panel(node: "/dev/input/event3"))
        try runtime.start(Session(source: source, pipeline: pipeline))
        try runtime.run()
        let log = Self.lines(captured.text).filter { $0.hasPrefix("/dev/input/event3: ") }
        #expect(log.contains { $0.hasPrefix("/dev/input/event3: Haptic Touch: a touch held still begins after") })
        #expect(captured.text.contains("no force: hold still (Haptic Touch)"))
    }
}
