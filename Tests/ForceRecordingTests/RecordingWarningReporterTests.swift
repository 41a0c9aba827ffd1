import ForceCore
@testable import ForceRecording
import ForceTestSupport
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

    /// A reader that tolerates one more line each time it is read.
    final class GrowingReader: RecordingReader {
        let path = "a.evemu"
        let description = TestDevices.touchscreen()
        let format = RecordingFormat.evemu
        var warnings: [RecordingWarning] = []
        func next() throws -> InputEvent? {
            warnings.append(RecordingWarning(path: path, line: warnings.count + 1, message: "odd line"))
            return nil
        }
    }

    @Test(arguments: [false, true]) func reportingHandsOnWhatTheReaderToleratedEvenWhenTheWorkFails(fails: Bool) {
        let reader = GrowingReader()
        let written = Mutex<[String]>([])
        let reporter = RecordingWarningReporter { warning in written.withLock { $0.append("\(warning)") } }
        let result = Result { () throws -> Int in
            try reporter.reporting(reader) {
                _ = try? reader.next()
                _ = try? reader.next()
                if fails { throw RecordingError(path: reader.path, line: 3, message: "bad line") }
                return 2
            }
        }
        #expect(written.withLock { $0 } == ["a.evemu:1: warning: odd line", "a.evemu:2: warning: odd line"])
        #expect((try? result.get()) == (fails ? nil : 2))
    }
}
