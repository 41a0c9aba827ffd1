import ForceSystem
import Logging
import Synchronization
import Testing

/// The diagnostics handler: one greppable line per record, the metadata sorted and quoted where
/// needed, and the level and destination of the `DiagnosticLog` in force.
@Suite("diagnostic log handler")
struct DiagnosticLogHandlerTests {
    @Test("a record is one line: level, label, message, metadata sorted by key")
    func format() {
        let line = DiagnosticLogHandler.line(level: .debug, label: "devices", message: "opened",
                                             metadata: ["node": "/dev/input/event5", "name": "Wacom Pen", "kind": "tablet"])
        #expect(line == "forcebridge[debug] devices: opened kind=tablet name=\"Wacom Pen\" node=/dev/input/event5\n")
        #expect(DiagnosticLogHandler.line(level: .warning, label: "service", message: "stopped", metadata: [:])
            == "forcebridge[warning] service: stopped\n")
    }

    @Test("values with spaces, quotes, '=', newlines or nothing are quoted, so each record stays one line")
    func quoting() {
        let line = DiagnosticLogHandler.line(level: .info, label: "service", message: "x", metadata: [
            "a": "", "b": "say \"hi\"", "c": "k=v", "d": "two\nlines", "e": #"back\slash"#, "f": "plain-1,2",
        ])
        #expect(line == #"forcebridge[info] service: x a="" b="say \"hi\"" c="k=v" d="two\nlines" e="back\\slash" f=plain-1,2"# + "\n")
        #expect(line.filter { $0 == "\n" }.count == 1)
    }

    @Test("records below the level in force are not written; those at or above it are, where it writes")
    func levelAndDestination() {
        let written = Mutex<[String]>([])
        let capture = DiagnosticLog(level: .info) { bytes in written.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) } }
        let logger = Logger(label: "devices") { DiagnosticLogHandler(label: $0) }
        DiagnosticLog.withValue(capture) {
            logger.debug("hidden")
            logger.info("shown", metadata: ["node": "/dev/input/event3"])
            logger.error("also shown")
        }
        #expect(written.withLock { $0 } == [
            "forcebridge[info] devices: shown node=/dev/input/event3\n",
            "forcebridge[error] devices: also shown\n",
        ])
        var own = logger
        own.logLevel = .trace
        DiagnosticLog.withValue(capture) { own.trace("a logger's own level wins") }
        #expect(written.withLock { $0.last } == "forcebridge[trace] devices: a logger's own level wins\n")
    }

    @Test("the logger's metadata and the record's merge; the record's wins")
    func metadataMerge() {
        let written = Mutex<[String]>([])
        let capture = DiagnosticLog(level: .trace) { bytes in written.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) } }
        var logger = Logger(label: "haptics") { DiagnosticLogHandler(label: $0) }
        logger[metadataKey: "node"] = "/dev/input/event1"
        logger[metadataKey: "id"] = "1"
        DiagnosticLog.withValue(capture) { logger.debug("played", metadata: ["id": "4"]) }
        #expect(written.withLock { $0 } == ["forcebridge[debug] haptics: played id=4 node=/dev/input/event1\n"])
    }
}
