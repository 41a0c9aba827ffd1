@testable import ForceRecording
import Synchronization
import Testing

/// A recording's warnings are handed on as they appear, each once, whatever the batches they come in.
struct RecordingWarningReporterTests {
    @Test func eachWarningOnceInOrder() {
        let warnings = (1...4).map { RecordingWarning(path: "a.evemu", line: $0, message: "odd line") }
        let written = Mutex<[String]>([])
        let reporter = RecordingWarningReporter { warning in written.withLock { $0.append("\(warning)") } }
        reporter.report([])
        reporter.report(Array(warnings.prefix(1)))
        reporter.report(Array(warnings.prefix(3)))
        reporter.report(Array(warnings.prefix(3)))
        reporter.report(warnings)
        #expect(written.withLock { $0 } == warnings.map(\.description))
        #expect(written.withLock { $0.first } == "a.evemu:1: warning: odd line")
    }
}
