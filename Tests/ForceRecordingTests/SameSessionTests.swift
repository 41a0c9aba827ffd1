import Testing
import ForceCore
@testable import ForceRecording

/// The same session recorded as evemu, `libinput record` YAML and an evtest log gives the same
/// touches and the same interaction events through the pipeline.
@Suite("one session, three formats")
struct SameSessionTests {
    @Test("identical touches and interaction events", arguments: [
        ("touchscreen-cancel", ["shouldBegin", "preview", "cancel"]),
        ("stylus-commit", ["shouldBegin", "preview", "preview ended", "commit", "commit ended"]),
    ])
    func sameTranscript(session: String, outline: [String]) throws {
        let evemu = Transcript(try Recording(contentsOf: Fixtures.path("\(session).evemu")))
        let yaml = Transcript(try Recording(contentsOf: Fixtures.path("\(session).yml")))
        let evtest = Transcript(try Recording(contentsOf: Fixtures.path("\(session).evtest")))
        #expect(!evemu.entries.isEmpty)
        #expect(yaml.entries == evemu.entries)
        #expect(evtest.entries == evemu.entries)
        #expect(yaml.summary == evemu.summary)
        #expect(evtest.summary == evemu.summary)
        // Repeated progress updates collapse: the outline of what happened.
        var collapsed: [String] = []
        for event in evemu.interactionEvents where collapsed.last != event { collapsed.append(event) }
        #expect(collapsed == outline)
    }
}
