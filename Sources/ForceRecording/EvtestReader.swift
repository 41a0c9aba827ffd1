import ForceCore

/// Reads `evtest` logs, the text people paste into bug reports.
///
/// The header describes the device: `Input driver version is …`, `Input device ID: bus 0x… vendor
/// 0x… product 0x… version 0x…`, `Input device name: "…"`, `Supported events:` with `Event type N
/// (EV_…)` and `Event code N (…)` rows, absolute axes followed by `Value`, `Min`, `Max` and —
/// only when non-zero — `Fuzz`, `Flat`, `Resolution`; `Key repeat handling:`; `Properties:` with
/// `Property type N (…)`. Then `Event: time S.U, type T (…), code C (…), value V` lines and
/// separators such as `Event: time S.U, -------------- SYN_REPORT ------------` (also
/// `SYN_MT_REPORT`, `SYN_DROPPED`, and old evtest's `Report Sync`/`Config Sync`).
///
/// Numbers are what count: names in parentheses may be today's kernel names, old evtest's own
/// (`Absolute`, `Pressure`) or `?`. `MSC_SCAN` and `MSC_RAW` values are hex, as evtest prints
/// them. Timestamps may be wall clock or monotonic; only their differences matter.
///
/// Pasted logs are rarely clean. Text before, inside or after the log (shell prompts, the
/// device menu, `^C`, comments) is skipped, and lines glued together are split; each is
/// reported in `warnings` with its line. Malformed header or event lines are errors.
///
/// Events are parsed from a reused line buffer: reading a clean event line allocates nothing.
public final class EvtestReader: RecordingReader {
    public let path: String
    public let description: DeviceDescription
    public var format: RecordingFormat { .evtest }
    /// The `Input driver version is …` value, if the log has it.
    public let driverVersion: String?
    public private(set) var warnings: [RecordingWarning] = []

    private var lines: LineReader
    private var queue: [InputEvent] = []
    private var queueHead = 0
    private var finished = false
    private var ignored: IgnoredText?
    /// How `Config Sync` separators are read (old evtest printed every SYN code but 0 so).
    private let configSyncCode: EventCode
    private var warnedConfigSync = false

    /// Opens `path` and reads the header.
    public init(path: String) throws {
        self.path = path
        lines = try LineReader(path: path)
        queue.reserveCapacity(16)
        var header = EvtestHeader(path: path)
        var firstEventLine: (number: Int, text: String)?
        while firstEventLine == nil {
            guard let text = try lines.nextLine({ String(decoding: $0, as: UTF8.self) }) else { break }
            let number = lines.lineNumber
            if let event = try header.read(text, line: number) { firstEventLine = (number, event) }
        }
        header.flushIgnored()
        try header.validate(firstEventLine: firstEventLine?.number)
        description = header.device
        driverVersion = header.driverVersion
        warnings = header.warnings
        let hasMTAWithoutSlots = header.device.isMultitouch && !header.device.usesSlots
        configSyncCode = hasMTAWithoutSlots ? SynCode.mtReport : SynCode.config
        if let first = firstEventLine {
            try readSlowly(first.text, line: first.number)
        } else {
            finished = true
        }
    }

    public func next() throws -> InputEvent? {
        while true {
            if queueHead < queue.count {
                let event = queue[queueHead]
                queueHead += 1
                if queueHead == queue.count {
                    queue.removeAll(keepingCapacity: true)
                    queueHead = 0
                }
                return event
            }
            guard !finished else { return nil }
            let number = lines.lineNumber + 1
            let configSync = configSyncCode
            let result = try lines.nextLine { bytes -> LineOutcome in
                var scanner = ByteScanner(bytes)
                scanner.skipBlanks()
                if scanner.isAtEnd { return .blank }
                guard EvtestEventLine.startsEvent(scanner),
                      case .event(let event, let usedConfigSync) = EvtestEventLine.parse(&scanner, configSyncCode: configSync)
                else { return .other(bytes.text()) }
                scanner.skipBlanks()
                return scanner.isAtEnd ? .event(event, usedConfigSync) : .other(bytes.text())
            }
            switch result {
            case .none:
                finished = true
                flushIgnored()
                lines.close()
            case .some(.blank):
                continue
            case .some(.event(let event, let usedConfigSync)):
                flushIgnored()
                if usedConfigSync { noteConfigSync(line: number) }
                return event
            case .some(.other(let text)):
                try readSlowly(text, line: number)
            }
        }
    }

    private enum LineOutcome {
        case blank
        case event(InputEvent, Bool)
        case other(String)
    }

    /// Reads a line that is not one clean event: events glued together, text around an event,
    /// or text that is no event at all.
    private func readSlowly(_ text: String, line: Int) throws {
        let split = EvtestSegments(text)
        if split.events.isEmpty {
            noteIgnored(text, line: line)
            return
        }
        flushIgnored()
        if !split.leadingText.isEmpty {
            warnings.append(RecordingWarning(
                path: path, line: line,
                message: "ignored text before the event: \(RecordingError.quote(split.leadingText))"))
        }
        if split.events.count > 1 {
            warnings.append(RecordingWarning(
                path: path, line: line,
                message: "\(split.events.count) event lines glued together; read as \(split.events.count) lines"))
        }
        for var segment in split.events {
            let parsed = try LineReader.Line.withBytes(of: &segment) { bytes -> (InputEvent, Bool, String) in
                var scanner = ByteScanner(bytes)
                scanner.skipBlanks()
                switch EvtestEventLine.parse(&scanner, configSyncCode: configSyncCode) {
                case .event(let event, let usedConfigSync):
                    scanner.skipBlanks()
                    let rest = scanner.isAtEnd ? "" : bytes.text(from: scanner.position)
                    return (event, usedConfigSync, rest)
                case .incomplete(let expected):
                    throw EvtestEventLine.error(scanner, path: path, line: line, expected: expected)
                }
            }
            if !parsed.2.isEmpty {
                warnings.append(RecordingWarning(
                    path: path, line: line,
                    message: "ignored text after the event: \(RecordingError.quote(parsed.2))"))
            }
            if parsed.1 { noteConfigSync(line: line) }
            queue.append(parsed.0)
        }
    }

    private func noteConfigSync(line: Int) {
        guard !warnedConfigSync else { return }
        warnedConfigSync = true
        let meaning = configSyncCode == SynCode.mtReport
            ? "SYN_MT_REPORT, since the device uses multitouch protocol A"
            : "SYN_CONFIG"
        warnings.append(RecordingWarning(
            path: path, line: line,
            message: "old evtest prints 'Config Sync' for every SYN code but SYN_REPORT; read as \(meaning)"))
    }

    private func noteIgnored(_ text: String, line: Int) {
        IgnoredText.note(text, line: line, in: &ignored)
    }

    private func flushIgnored() {
        guard let run = ignored else { return }
        ignored = nil
        warnings.append(run.warning(path: path, context: "among the events"))
    }

    /// Whether `text` (the start of a file) holds an evtest header or event lines.
    static func looksLikeEvtest(_ text: String) -> Bool {
        text.contains("Input driver version is") || text.contains("Input device name:")
            || text.contains("Supported events:") || text.contains("Event: time ")
    }
}

/// A run of consecutive lines that are not part of the log.
struct IgnoredText {
    var firstLine: Int
    var lastLine: Int
    var firstText: String

    /// Adds ignored `text` on `line` to `run`, starting a run if there is none.
    static func note(_ text: String, line: Int, in run: inout IgnoredText?) {
        if run == nil {
            run = IgnoredText(firstLine: line, lastLine: line, firstText: text)
        } else {
            run?.lastLine = line
        }
    }

    func warning(path: String, context: String) -> RecordingWarning {
        let message = lastLine == firstLine
            ? "ignored text that is not part of the evtest log (\(context)): \(RecordingError.quote(firstText.trimmingBlanks))"
            : "ignored lines \(firstLine)-\(lastLine), which are not part of the evtest log (\(context)), starting with \(RecordingError.quote(firstText.trimmingBlanks))"
        return RecordingWarning(path: path, line: firstLine, message: message)
    }
}
