import Logging
import ForceCore

/// swift-log's handler for ForceBridge: one line per record on standard error (where journald
/// reads a user unit's log), in the form
///
///     forcebridge[debug] devices: opened node=/dev/input/event5 name="Wacom Pen" kind=tablet
///
/// — the level, the logger's label, the message, then the metadata sorted by key, a value with
/// spaces, quotes or `=` quoted. The level and the destination are `DiagnosticLog.current`'s at
/// the time of the record, unless a logger set its own level.
public struct DiagnosticLogHandler: LogHandler {
    /// The logger's label (`devices`, `haptics`, `session`, `profiles`, `service`).
    public let label: String
    public var metadata: Logger.Metadata = [:]
    private var ownLevel: Logger.Level?

    /// A handler for the logger `label`.
    public init(label: String) {
        self.label = label
    }

    public var logLevel: Logger.Level {
        get { ownLevel ?? DiagnosticLog.current.level }
        set { ownLevel = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = event.metadata.map { metadata.merging($0) { _, record in record } } ?? metadata
        let line = Self.line(level: event.level, label: label, message: event.message.description, metadata: merged)
        DiagnosticLog.current.write(Array(line.utf8))
    }

    /// One record as written, with its newline.
    public static func line(level: Logger.Level, label: String, message: String, metadata: Logger.Metadata) -> String {
        var line = "forcebridge[\(level.rawValue)] \(label): \(message)"
        for key in metadata.keys.sorted() {
            line += " \(key)=\(quoted(metadata[key].map { "\($0)" } ?? ""))"
        }
        return line + "\n"
    }

    /// `value`, in double quotes (with `"` and `\` escaped) when it is empty or holds a space, a
    /// quote, `=` or a control character.
    static func quoted(_ value: String) -> String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "\"" && $0 != "=" && $0 != "\\" && $0.value != 0x7F }
        if plain { return value }
        return value.backslashQuoted()
    }
}
