import ForceCore
import ForceRecording
import ForceSession

/// What `describe` says about a recording: its device, axes, force model, sensitivity and
/// thresholds (in force units and the axis's raw units), and the events it holds; as text or
/// one JSON object.
package struct RecordingDescription {
    /// The recording's path, as given.
    package var file: String
    /// The reader of the recording (its format, its devices, the one described).
    package var reader: any RecordingReader
    /// The recording, read.
    package var recording: Recording
    /// The pipeline the recording's device would run through (profiles and options applied).
    package var pipeline: InputPipeline

    package init(file: String, reader: any RecordingReader, recording: Recording, pipeline: InputPipeline) {
        self.file = file
        self.reader = reader
        self.recording = recording
        self.pipeline = pipeline
    }

    private var device: DeviceDescription { recording.description }
    private var model: ForceModel { pipeline.forceModel }
    private var interaction: PreviewInteraction { pipeline.interaction }
    private var fitted: PreviewThresholds { interaction.thresholds(forMaximumForce: model.maximumPossibleForce) }

    /// The description as one JSON object.
    package var jsonLine: String {
        let (device, model, interaction, fitted) = (device, model, interaction, fitted)
        let frames = recording.frameCount
        let duration = recording.duration
        var line = JSONLine()
        line.string("file", file)
        line.string("format", reader.format.rawValue)
        line.int("device", reader.deviceIndex)
        line.raw("devices", "[" + reader.devices.map { "{\"name\":\(JSONText.quoted($0.name)),\"kind\":\(JSONText.quoted($0.kind.rawValue))}" }.joined(separator: ",") + "]")
        line.string("name", device.name)
        line.raw("id", "{\"bustype\":\(device.id.bustype),\"vendor\":\(device.id.vendor),\"product\":\(device.id.product),\"version\":\(device.id.version)}")
        line.string("kind", device.kind.rawValue)
        line.raw("classification", "[" + DeviceReport.classificationFlags(device.classification).map(JSONText.quoted).joined(separator: ",") + "]")
        line.string("protocol", DeviceReport.protocolName(device))
        line.int("slots", device.slotCount)
        line.raw("properties", "[" + device.properties.map { JSONText.quoted(EventCodeNames.propertyName($0)) }.joined(separator: ",") + "]")
        let axes = device.codes(of: .abs).map { code -> String in
            let info = device.axes[code] ?? AxisInfo(minimum: 0, maximum: 0)
            return "{\"code\":\(JSONText.quoted(EventCodeNames.name(type: .abs, code: code))),\"min\":\(info.minimum),\"max\":\(info.maximum),\"fuzz\":\(info.fuzz),\"flat\":\(info.flat),\"resolution\":\(info.resolution)}"
        }
        line.raw("axes", "[" + axes.joined(separator: ",") + "]")
        line.string("pressureAxis", device.pressureAxis?.name ?? "none")
        line.number("maximumPossibleForce", model.maximumPossibleForce, decimals: 4)
        line.number("averagePressure", model.isAvailable ? model.averagePressure : nil, decimals: 2)
        line.number("restingOffset", model.isAvailable ? model.offset : nil, decimals: 2)
        line.raw("thresholds", "{\"begin\":\(NumberFormat.trimmed(fitted.begin, decimals: 4)),\"previewEnd\":\(NumberFormat.trimmed(fitted.previewEnd, decimals: 4)),\"commitEnd\":\(NumberFormat.trimmed(fitted.commitEnd, decimals: 4))}")
        line.string("forceSource", model.forceSource.rawValue)
        line.string("forceAxis", Self.forceAxisName(model))
        line.string("sensitivity", interaction.sensitivity.force.rawValue)
        line.string("touchDuration", interaction.sensitivity.touchDuration.rawValue)
        let raw = Self.rawThresholds(fitted, model: model).map { value in value.map { NumberFormat.trimmed($0, decimals: 2) } ?? "null" }
        line.raw("rawThresholds", model.isAvailable ? "{\"begin\":\(raw[0]),\"previewEnd\":\(raw[1]),\"commitEnd\":\(raw[2])}" : "null")
        let timing = interaction.hapticTouchTiming
        line.raw("hapticTouch", model.forceSource != .pressure
            ? "{\"begin\":\(Self.seconds(timing.beginDelay)),\"peek\":\(Self.seconds(timing.peekTime)),\"pop\":\(Self.seconds(timing.popTime))}" : "null")
        line.int("events", recording.events.count)
        line.int("frames", frames)
        line.number("duration", duration)
        line.number("frameRate", duration > 0 ? Double(max(frames - 1, 0)) / duration : nil, decimals: 2)
        return line.line
    }

    /// The description as lines of text.
    package var textLines: [String] {
        let (device, model, interaction, fitted) = (device, model, interaction, fitted)
        let frames = recording.frameCount
        let duration = recording.duration
        var lines: [String] = []
        lines.append("File:        \(file) (\(Self.formatSummary(reader)))")
        if reader.devices.count > 1 {
            for (index, candidate) in reader.devices.enumerated() {
                let marker = index == reader.deviceIndex ? "  <- described (--device \(index))" : ""
                let label = index == 0 ? "Devices:     " : "             "
                lines.append("\(label)\(index): \"\(candidate.name)\" (\(candidate.kind.rawValue))\(marker)")
            }
        }
        lines.append("Device:      \"\(device.name)\"")
        lines.append("ID:          \(device.id.summary)")
        let flags = DeviceReport.classificationFlags(device.classification)
        lines.append("Kind:        \(device.kind.rawValue)\(flags.isEmpty ? "" : " (\(flags.joined(separator: ", ")))")")
        lines.append("Contacts:    \(DeviceReport.protocolName(device))")
        let properties = device.properties.map { EventCodeNames.propertyName($0) }
        lines.append("Properties:  \(properties.isEmpty ? "none" : properties.joined(separator: ", "))")
        lines.append("Axes:")
        for code in device.codes(of: .abs) {
            let info = device.axes[code] ?? AxisInfo(minimum: 0, maximum: 0)
            let name = EventCodeNames.name(type: .abs, code: code).padded(to: 20)
            var text = "  \(name) \(info.minimum)...\(info.maximum)"
            if info.fuzz != 0 { text += " fuzz \(info.fuzz)" }
            if info.flat != 0 { text += " flat \(info.flat)" }
            if info.resolution != 0 { text += " resolution \(info.resolution)" }
            lines.append(text)
        }
        let keys = device.codes(of: .key).filter { $0 >= KeyCode.buttonMisc }.map { EventCodeNames.name(type: .key, code: $0) }
        if !keys.isEmpty { lines.append("Buttons:     \(keys.joined(separator: " "))") }
        if device.hasForceFeedback {
            lines.append("Haptics:     \(device.codes(of: .ff).map { EventCodeNames.name(type: .ff, code: $0) }.joined(separator: " "))")
        }
        lines.append("Force:       \(DeviceReport.forceSummary(device: device, model: model))")
        if model.isAvailable {
            var text = "             resting offset \(NumberFormat.trimmed(model.offset, decimals: 1)), average touch \(NumberFormat.trimmed(model.averagePressure, decimals: 1))"
            if let grams = model.grams(raw: Int32(model.maximum)) { text += ", full range \(NumberFormat.trimmed(grams, decimals: 1)) g" }
            lines.append(text)
            for line in model.restingOffsetDescription where device.supports(.key, code: KeyCode.toolPen) { lines.append("             \(line)") }
        }
        lines.append("Sensitivity: \(interaction.sensitivity.force.rawValue) (force thresholds ×\(NumberFormat.trimmed(interaction.sensitivity.force.thresholdScale, decimals: 2))), "
            + "touch duration \(interaction.sensitivity.touchDuration.rawValue)")
        if model.isAvailable {
            lines.append("Thresholds:  begin \(NumberFormat.fixed(fitted.begin, decimals: 2)), preview end \(NumberFormat.fixed(fitted.previewEnd, decimals: 2)), commit end \(NumberFormat.fixed(fitted.commitEnd, decimals: 2)) (force units)")
            let raw = Self.rawThresholds(fitted, model: model).map { $0.map { NumberFormat.trimmed($0, decimals: 1) } ?? "out of range" }
            lines.append("             \(Self.forceAxisName(model) ?? "raw"): \(raw.joined(separator: ", ")) (raw units)")
            if let hapticTouch = DeviceReport.hapticTouchSummary(interaction) { lines.append("             \(hapticTouch)") }
        } else if let hapticTouch = DeviceReport.hapticTouchSummary(interaction) {
            lines.append("Thresholds:  \(hapticTouch)")
        }
        let rate = duration > 0 ? " (\(NumberFormat.fixed(Double(max(frames - 1, 0)) / duration, decimals: 1)) frames/s)" : ""
        lines.append("Recording:   \(recording.events.count) events, \(frames) frames, \(NumberFormat.fixed(duration, decimals: 3)) s\(rate)")
        return lines
    }

    /// The axis force comes from, nil for duration.
    package static func forceAxisName(_ model: ForceModel) -> String? {
        switch model.source {
        case .pressure(let code), .contactSize(let code): return EventCodeNames.name(type: .abs, code: code)
        case .none: return nil
        }
    }

    /// The raw axis values of the begin, preview-end and commit-end thresholds.
    package static func rawThresholds(_ thresholds: PreviewThresholds, model: ForceModel) -> [Double?] {
        [thresholds.begin, thresholds.previewEnd, thresholds.commitEnd].map { model.rawValue(forForce: $0) }
    }

    /// Microseconds as seconds for JSON.
    package static func seconds(_ microseconds: Int64) -> String {
        NumberFormat.trimmed(Double(microseconds) / 1_000_000, decimals: 6)
    }

    /// `evemu 1.3`, `libinput record YAML, libinput 1.25.0`, `evtest log`.
    package static func formatSummary(_ reader: any RecordingReader) -> String {
        var text = reader.format.displayName
        if let version = (reader as? EvemuReader)?.formatVersion { text += " \(version)" }
        if let version = (reader as? LibinputRecordReader)?.libinputVersion { text += ", libinput \(version)" }
        if let version = (reader as? EvtestReader)?.driverVersion { text += ", input driver \(version)" }
        return text
    }
}
