import ForceCore

/// Writes evemu 1.3 recordings that `evemu-device`, `evemu-play` and libevemu load.
///
/// The header (with a human-readable summary in comments) is written when the writer is created,
/// and events reach the file at the end of every frame, so the file is a valid recording after
/// every `SYN_REPORT`: a crash, Ctrl-C or SIGTERM loses at most the frame being written.
/// Timestamps are written relative to the first event, as `evemu-record` does.
public final class EvemuWriter {
    /// The file being written.
    public let path: String
    /// Whether events carry `# EV_ABS / ABS_MT_PRESSURE 42` comments.
    public let annotatesEvents: Bool

    private let file: RecordingFile
    private var buffer: [UInt8] = []
    private var timeOrigin: Int64?
    private var lastFrameTime: Int64?
    private var isClosed = false

    /// Creates (or truncates) `path` with `permissions` and writes the header of `description`.
    /// - Parameters:
    ///   - timeOrigin: the time written as 0; defaults to the first event's time.
    ///   - annotatesEvents: whether to explain each event in a trailing comment.
    public init(path: String, description: DeviceDescription, permissions: Int = 0o644, timeOrigin: Int64? = nil, annotatesEvents: Bool = true) throws {
        self.path = path
        self.annotatesEvents = annotatesEvents
        self.timeOrigin = timeOrigin
        file = try RecordingFile.create(path, permissions: permissions)
        try file.write(Self.header(for: description).utf8)
        buffer.reserveCapacity(4096)
    }

    deinit { try? close() }

    /// Appends `event`; the frame reaches the file at its `SYN_REPORT`.
    public func write(_ event: InputEvent) throws {
        let origin = timeOrigin ?? event.time
        if timeOrigin == nil { timeOrigin = origin }
        appendEvent(event, relativeTime: max(0, event.time - origin))
        if event.isFrameEnd { try flush() }
    }

    /// Appends every event of `events`.
    public func write<Events: Sequence>(contentsOf events: Events) throws where Events.Element == InputEvent {
        for event in events { try write(event) }
    }

    /// Writes buffered events (a partial frame too) to the file.
    public func flush() throws {
        guard !buffer.isEmpty, !isClosed else { return }
        try file.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes the file. Events of an unfinished frame are written too: evemu readers
    /// accept them, and they are the truth of what the device sent.
    public func close() throws {
        guard !isClosed else { return }
        try flush()
        isClosed = true
        file.finish()
    }

    // MARK: - Formatting

    private func appendEvent(_ event: InputEvent, relativeTime: Int64) {
        append("E: ")
        appendDecimal(relativeTime / 1_000_000)
        buffer.append(UInt8(ascii: "."))
        appendDecimal(relativeTime % 1_000_000, width: 6)
        buffer.append(32)
        appendHex(UInt32(event.type.rawValue), width: 4)
        buffer.append(32)
        appendHex(UInt32(event.code.rawValue), width: 4)
        buffer.append(32)
        // evemu writes values as %04d: "-001", "0042".
        if event.value < 0 {
            buffer.append(UInt8(ascii: "-"))
            appendDecimal(-Int64(event.value), width: 3)
        } else {
            appendDecimal(Int64(event.value), width: 4)
        }
        if annotatesEvents {
            if event.isFrameEnd {
                let sinceLast = lastFrameTime.map { (event.time - $0) / 1000 } ?? 0
                append("\t# ------------ SYN_REPORT (0) ---------- +")
                appendDecimal(max(0, sinceLast))
                append("ms")
                lastFrameTime = event.time
            } else {
                append("\t# ")
                append(event.type.name)
                append(" / ")
                append(EventCodeNames.name(type: event.type, code: event.code))
                append(" ")
                appendDecimal(Int64(event.value))
            }
        }
        buffer.append(10)
    }

    private func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    private func appendDecimal(_ value: Int64, width: Int = 1) {
        DecimalDigits.append(signed: value, minimumCount: width, to: &buffer)
    }

    private func appendHex(_ value: UInt32, width: Int) {
        var shift = max(width, (32 - value.leadingZeroBitCount + 3) / 4) * 4
        while shift > 0 {
            shift -= 4
            let digit = UInt8((value >> UInt32(shift)) & 0xf)
            buffer.append(digit < 10 ? 48 + digit : 87 + digit)
        }
    }

    /// The evemu header for `device`: comments that describe it, then the machine-readable lines.
    public static func header(for device: DeviceDescription) -> String {
        var lines: [String] = []
        lines.append("# EVEMU 1.3")
        lines.append("# Written by ForceBridge")
        lines.append("# Input device name: \"\(device.name)\"")
        lines.append("# Input device ID: \(device.id.summary)")
        lines.append("# Supported events:")
        for type in device.types {
            lines.append("#   Event type \(type.rawValue) (\(type.name))")
            for code in device.codes(of: type) {
                lines.append("#     Event code \(code.rawValue) (\(EventCodeNames.name(type: type, code: code)))")
                if type == .abs, let info = device.axes[code] {
                    lines.append("#       Min \(info.minimum) Max \(info.maximum) Fuzz \(info.fuzz) Flat \(info.flat) Resolution \(info.resolution)")
                }
            }
        }
        lines.append("# Properties:")
        for property in device.properties {
            lines.append("#   Property type \(property) (\(EventCodeNames.propertyName(property)))")
        }
        // evemu reads the name up to the end of the line: keep it on one line.
        let name = String(String.UnicodeScalarView(device.name.unicodeScalars.map { $0 == "\n" ? " " : $0 }))
        lines.append("N: \(name)")
        lines.append("I: " + [device.id.bustype, device.id.vendor, device.id.product, device.id.version].map { hex($0, width: 4) }.joined(separator: " "))
        lines.append(contentsOf: rows(prefix: "P:", bytes: device.properties.bitmaskBytes(count: 8)))
        lines.append(contentsOf: rows(prefix: "B: 00", bytes: device.types.bitmaskBytes(count: 8)))
        for type in [EventType.key, .rel, .abs, .msc, .sw, .led, .snd, .rep, .ff] {
            let byteCount = ((Int(type.maximumCode.rawValue) + 1 + 63) / 64) * 8
            let prefix = "B: " + hex(type.rawValue, width: 2)
            lines.append(contentsOf: rows(prefix: prefix, bytes: device.codes(of: type).bitmaskBytes(count: byteCount)))
        }
        for code in device.codes(of: .abs) {
            let info = device.axes[code] ?? AxisInfo(minimum: 0, maximum: 0)
            lines.append("A: \(hex(code.rawValue, width: 2)) \(info.minimum) \(info.maximum) \(info.fuzz) \(info.flat) \(info.resolution)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func rows(prefix: String, bytes: [UInt8]) -> [String] {
        stride(from: 0, to: bytes.count, by: 8).map { start in
            prefix + bytes[start..<min(start + 8, bytes.count)].map { " " + hex($0, width: 2) }.joined()
        }
    }

    /// `value` in lowercase hex, padded with zeros to `width` digits (`printf("%0*x")`).
    private static func hex<Value: BinaryInteger>(_ value: Value, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
