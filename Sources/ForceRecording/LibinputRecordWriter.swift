import ForceCore

/// Writes `libinput record` YAML (format version 1) for one device.
///
/// The header and device description are written when the writer is created; each frame is
/// written at its `SYN_REPORT` as one `- evdev:` entry, so the file is valid YAML after every
/// frame. Timestamps are relative to the first event, as `libinput record` writes them.
public final class LibinputRecordWriter: RecordingWriter {
    public let path: String
    private let file: RecordingFile
    private var frame: [InputEvent] = []
    private var timeOrigin: Int64?
    private var isClosed = false

    /// Creates (or replaces) `path` and writes the description of `description`.
    /// - Parameter source: where the events come from, noted in a comment.
    public init(path: String, description: DeviceDescription, source: String? = nil) throws {
        self.path = path
        file = try RecordingFile.create(path)
        frame.reserveCapacity(64)
        try append(Self.header(for: description, source: source))
    }

    deinit { try? close() }

    public func write(_ event: InputEvent) throws {
        frame.append(event)
        if event.isFrameEnd { try flushFrame() }
    }

    public func close() throws {
        guard !isClosed else { return }
        try flushFrame()
        isClosed = true
        file.finish()
    }

    private func flushFrame() throws {
        guard !frame.isEmpty, !isClosed else { return }
        let origin = timeOrigin ?? frame[0].time
        timeOrigin = origin
        var text = "    - evdev:\n"
        for event in frame {
            let time = max(0, event.time - origin)
            let fields = [String(time / 1_000_000), String(time % 1_000_000), String(event.type.rawValue), String(event.code), String(event.value)]
            let widths = [3, 6, 3, 3, 7]
            let padded = zip(fields, widths).map { String(repeating: " ", count: max(0, $1 - $0.count)) + $0 }
            text += "        - [\(padded.joined(separator: ", "))] # \(Self.comment(for: event))\n"
        }
        frame.removeAll(keepingCapacity: true)
        try append(text)
    }

    private func append(_ text: String) throws {
        try file.write(text.utf8)
    }

    private static func comment(for event: InputEvent) -> String {
        if event.isFrameEnd { return "------------ SYN_REPORT (0) ----------" }
        return "\(event.type.name) / \(EventCodeNames.name(type: event.type, code: event.code)) \(event.value)"
    }

    /// The file header and the device's `evdev:` block.
    public static func header(for device: DeviceDescription, source: String? = nil) -> String {
        var lines = ["# libinput record", "# Written by ForceBridge\(source.map { " from \(commentSafe($0))" } ?? "")"]
        lines.append("version: 1")
        lines.append("ndevices: 1")
        lines.append("devices:")
        lines.append("  - evdev:")
        lines.append("      # Name: \(commentSafe(device.name))")
        lines.append("      # ID: \(device.id.summary)")
        lines.append("      name: \(quoted(device.name))")
        lines.append("      id: [\(device.id.bustype), \(device.id.vendor), \(device.id.product), \(device.id.version)]")
        lines.append("      codes:")
        for typeValue in device.types {
            let type = EventType(typeValue)
            let codes = type == .syn ? [SynCode.report, SynCode.config, SynCode.mtReport, SynCode.dropped] : Array(device.codes(of: type))
            lines.append("        \(typeValue): [\(codes.map(String.init).joined(separator: ", "))] # \(type.name)")
        }
        if device.supports(.abs) {
            lines.append("      absinfo:")
            for code in device.codes(of: .abs) {
                let info = device.axes[code] ?? AxisInfo(minimum: 0, maximum: 0)
                lines.append("        \(code): [\(info.minimum), \(info.maximum), \(info.fuzz), \(info.flat), \(info.resolution)] # \(EventCodeNames.name(type: .abs, code: code))")
            }
        }
        lines.append("      properties: [\(device.properties.map(String.init).joined(separator: ", "))]")
        if !device.udevProperties.isEmpty {
            lines.append("    udev:")
            lines.append("      properties:")
            for key in device.udevProperties.keys.sorted() {
                lines.append("        - \(quoted("\(key)=\(device.udevProperties[key]!)"))")
            }
        }
        lines.append("    events:")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        text.backslashQuoted { $0.value < 0x20 || $0.value == 0x7f ? "\\x" + hex($0.value, width: 2) : nil }
    }

    private static func commentSafe(_ text: String) -> String {
        // YAML forbids control characters even in comments.
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7f ? " " : $0 }))
    }
}
