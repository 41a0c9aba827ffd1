import ForceCore
import ForceRecording
import ForceTerminalUI
import ForceTestSupport
import Testing

/// What `describe` says about the shipped recordings, from the library.
struct RecordingDescriptionTests {
    private func describe(_ name: String, thresholds: PreviewThresholds = .standard) throws -> RecordingDescription {
        let path = Repository.recording(name)
        let reader = try RecordingFormat.open(path: path)
        let recording = try Recording(reading: reader)
        let pipeline = InputPipeline(device: recording.description, thresholds: thresholds)
        return RecordingDescription(file: "recordings/\(name)", reader: reader, recording: recording, pipeline: pipeline)
    }

    @Test func thePenItsAxesForceAndThresholds() throws {
        let lines = try describe("stylus-commit.evemu").textLines
        #expect(lines.first == "File:        recordings/stylus-commit.evemu (evemu 1.3)")
        #expect(lines.contains("Device:      \"Wacom Intuos Pro M Pen\""))
        #expect(lines.contains { $0.hasPrefix("  ABS_PRESSURE         0...8191") })
        #expect(lines.contains("Sensitivity: medium (force thresholds ×1), touch duration fast"))
        #expect(lines.contains("Thresholds:  begin 1.00, preview end 2.00, commit end 3.00 (force units)"))
        #expect(lines.last?.hasPrefix("Recording:   2014 events, 411 frames, ") == true)
    }

    @Test func aPressurelessScreenAsOneJSONObject() throws {
        let json = try describe("no-pressure.evemu").jsonLine
        #expect(json.hasPrefix("{\"file\":\"recordings/no-pressure.evemu\",\"format\":\"evemu\",\"device\":0,"))
        #expect(json.contains("\"pressureAxis\":\"none\",\"maximumPossibleForce\":0,\"averagePressure\":null,\"restingOffset\":null,"))
        #expect(json.contains("\"forceSource\":\"duration\",\"forceAxis\":null,\"sensitivity\":\"medium\",\"touchDuration\":\"fast\",\"rawThresholds\":null,"))
        #expect(json.hasSuffix("}") && !json.contains("\n"))
    }
}
