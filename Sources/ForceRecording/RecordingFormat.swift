import ForceCore

/// The recording formats ForceBridge reads, recognised by their content (never by file name).
public enum RecordingFormat: String, Hashable, Sendable, CaseIterable {
    /// evemu text (`evemu-record`, `evemu-describe`): ForceBridge's native format.
    case evemu
    /// `libinput record` YAML, format version 1: one or more devices with their events.
    case libinputRecord = "libinput-record"
    /// An `evtest` log as people paste it into bug reports: header, then `Event:` lines.
    case evtest

    /// How many bytes of a file detection looks at.
    static let detectionWindow = 64 * 1024

    /// Detects the format of `path` from its content.
    public static func detect(path: String) throws -> RecordingFormat {
        let file = try RecordingFile.open(path)
        defer { file.close() }
        let head = (try? file.readHead(count: detectionWindow)) ?? []
        let text = String(decoding: head, as: UTF8.self)
        if text.allSatisfy({ $0.isWhitespace }) {
            throw RecordingError(path: path, message: "is empty; expected a recording (evemu, libinput record YAML or an evtest log)")
        }
        switch detect(head: text) {
        case .success(let format):
            return format
        case .failure(let unknown):
            throw RecordingError(
                path: path, line: unknown.line,
                message: "expected a recording (evemu starting with '# EVEMU' or 'N:', libinput record YAML starting with "
                    + "'version: 1', or an evtest log with 'Input device name:'), found \(RecordingError.quote(unknown.text))")
        }
    }

    /// The first meaningful line of a file in no known format.
    public struct UnknownContent: Error, Hashable, Sendable {
        /// The 1-based line number.
        public var line: Int
        /// The line's text.
        public var text: String
    }

    /// Detects the format of a file from its first bytes.
    ///
    /// evemu and YAML are told apart by their first line that is not blank or a `#` comment
    /// (`N:`/`I:`/`E:` versus a top-level `version:`/`devices:` key), or by the comment the tools
    /// write first (`# EVEMU 1.3`, `# libinput record`). An evtest log may have pasted text
    /// before it, so its header or event lines are looked for anywhere.
    public static func detect(head text: String) -> Result<RecordingFormat, UnknownContent> {
        var firstMeaningful: (line: Int, text: String)?
        var lineNumber = 0
        // Line by line up to the first meaningful one (splitting the whole head first cost as much
        // as replaying 40,000 events).
        var remaining = text[...]
        while let rawLine = nextLine(of: &remaining) {
            lineNumber += 1
            let line = rawLine.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                if line.contains("EVEMU") { return .success(.evemu) }
                if line.contains("libinput record") { return .success(.libinputRecord) }
                continue
            }
            if line.hasPrefix("N:") || line.hasPrefix("I:") || line.hasPrefix("E:") { return .success(.evemu) }
            if isLibinputRecordKey(line) { return .success(.libinputRecord) }
            firstMeaningful = (lineNumber, String(line.trimmingWhitespace()))
            break
        }
        if EvtestReader.looksLikeEvtest(text) { return .success(.evtest) }
        let unknown = firstMeaningful ?? (1, "")
        return .failure(UnknownContent(line: unknown.line, text: unknown.text))
    }

    /// Splits off the text before the next `"\n"` (all of it when there is none), or returns nil
    /// when nothing is left.
    private static func nextLine(of text: inout Substring) -> Substring? {
        guard !text.isEmpty else { return nil }
        guard let newline = text.firstIndex(of: "\n") else {
            defer { text = text[text.endIndex...] }
            return text
        }
        defer { text = text[text.index(after: newline)...] }
        return text[..<newline]
    }

    private static func isLibinputRecordKey(_ line: Substring) -> Bool {
        for key in ["version:", "ndevices:", "libinput:", "system:", "devices:"] where line.hasPrefix(key) {
            return true
        }
        return false
    }

    /// Opens `path`, detecting its format.
    /// - Parameter device: which of the file's devices to read (0-based, in file order); nil
    ///   chooses the first touchscreen or tablet (see `DeviceSelection`).
    public static func open(path: String, device: Int? = nil) throws -> any RecordingReader {
        let format = try detect(path: path)
        let reader: any RecordingReader
        switch format {
        case .evemu: reader = try EvemuReader(path: path)
        case .libinputRecord: return try LibinputRecordReader(path: path, device: device)
        case .evtest: reader = try EvtestReader(path: path)
        }
        if let device, device != 0 {
            throw RecordingError(
                path: path,
                message: "holds one device (\(format.displayName)), so there is no device \(device); use --device 0 or leave it out")
        }
        return reader
    }

    /// The format's name for people.
    public var displayName: String {
        switch self {
        case .evemu: return "evemu"
        case .libinputRecord: return "libinput record YAML"
        case .evtest: return "evtest log"
        }
    }
}
