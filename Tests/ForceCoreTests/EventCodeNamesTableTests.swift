import ForceTestSupport
import Testing

/// `EventCodeNames+Table.swift` is generated, not written by hand: it must be exactly what
/// `Scripts/generate-event-names.py` writes from this system's kernel headers.
@Suite struct EventCodeNamesTableTests {
    @Test func theTableIsWhatTheGeneratorWrites() throws {
        let table = "Sources/ForceCore/Events/EventCodeNames+Table.swift"
        let result = try ChildProcess.run("/usr/bin/env", ["python3", Repository.path("Scripts/generate-event-names.py")])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == (try Repository.text(table)),
                "\(table) differs from the generator's output: run Scripts/generate-event-names.py > \(table)")
    }
}
