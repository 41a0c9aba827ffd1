import ForceAnalysis
import ForceBridgeCLI
import ForceCore
import ForceRecording
import ForceTestSupport
import Testing

/// `forcebridge diff` and `analyze` through the built binary and in-process: every shipped
/// recording and the `libinput record` and evtest fixtures, statuses as documented, SVGs that
/// load as XML, and analysis figures of a generated recording with a known rate and jitter.
@Suite("diff and analyze commands")
struct DiffAnalyzeCommandTests {
    static let fixtures = ["stylus-commit.yml", "touchscreen-cancel.yml", "stylus-commit.evtest", "touchscreen-cancel.evtest",
                           "evtest-old-kernel.txt", "evtest-pen-quirks.txt"].map { "Tests/ForceRecordingTests/Fixtures/" + $0 }

    static let inputs = CheckCommandTests.recordings + fixtures

    /// The tags of the SVG at `path` (loaded by Python's `xml.etree`, so well-formed), with their class.
    static func svgElements(_ path: String) throws -> [String] {
        let script = "import sys, xml.etree.ElementTree as ET\nfor e in ET.parse(sys.argv[1]).getroot().iter(): print(e.tag.split('}')[-1], e.get('class') or '')"
        let result = try ChildProcess.run("/usr/bin/python3", ["-c", script, path])
        #expect(result.status == 0, "\(result.error)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test("analyze: text, jsonl and a histogram for every recording and fixture", arguments: inputs)
    func analyze(path: String) throws {
        let folder = try TemporaryDirectory()
        let text = try CheckCommandTests.forcebridge(["analyze", path, "--plot", folder.path("histogram.svg"), "--no-user-profile"])
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output.contains("report rate while in use: "))
        #expect(try Self.svgElements(folder.path("histogram.svg")).first == "svg ")
        let jsonl = try CheckCommandTests.forcebridge(["analyze", path, "--format", "jsonl", "--no-user-profile"])
        #expect(jsonl.status == 0)
        #expect(jsonl.output.hasPrefix("{\"type\":\"device\""))
        #expect(jsonl.output.split(separator: "\n").last?.hasPrefix("{\"type\":\"summary\"") == true)
    }

    @Test("diff: every recording and fixture is the same session as itself (status 0), with a plot", arguments: inputs)
    func diffItself(path: String) throws {
        let folder = try TemporaryDirectory()
        let result = try CheckCommandTests.forcebridge(["diff", path, path, "--plot", folder.path("diff.svg"), "--no-user-profile"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.contains("\nresult: the same within 0.01 force units and 5.0 ms\n"))
        #expect(try Self.svgElements(folder.path("diff.svg")).contains { $0.hasPrefix("path force") })
    }

    @Test("diff: a recording and its libinput record and evtest conversions are the same session")
    func diffAcrossFormats() throws {
        for fixture in ["stylus-commit.yml", "stylus-commit.evtest"] {
            let result = try CheckCommandTests.forcebridge(["diff", "recordings/stylus-commit.evemu", "Tests/ForceRecordingTests/Fixtures/" + fixture])
            #expect(result.status == 0, "\(fixture): \(result.output)")
        }
    }

    @Test("diff: different sessions are status 1, in text and jsonl")
    func diffDifferent() throws {
        let text = try CheckCommandTests.forcebridge(["diff", "recordings/stylus-commit.evemu", "recordings/worn-pen.evemu"])
        #expect(text.status == 1)
        #expect(text.output.contains("\nresult: different: "))
        let jsonl = try CheckCommandTests.forcebridge(["diff", "recordings/touchscreen-tap.evemu", "recordings/touchscreen-cancel.evemu", "--format", "jsonl"])
        #expect(jsonl.status == 1)
        #expect(jsonl.output.split(separator: "\n").last?.hasPrefix("{\"type\":\"diff\",\"equivalent\":false") == true)
        let thresholds = try CheckCommandTests.forcebridge(["diff", "recordings/stylus-commit.evemu", "recordings/stylus-commit.evemu", "--thresholds", "1,2,2.5"])
        #expect(thresholds.status == 0, "both sides use the same thresholds")
    }

    @Test("in-process runs write what the program writes")
    func inProcess() throws {
        for arguments in [
            ["diff", "recordings/stylus-commit.evemu", "recordings/worn-pen.evemu", "--no-user-profile"],
            ["diff", "recordings/touchscreen-two-fingers.evemu", "recordings/touchscreen-palm.evemu", "--format", "jsonl", "--no-user-profile"],
            ["analyze", "recordings/pen-resting-30.evemu", "--no-user-profile"],
            ["analyze", "Tests/ForceRecordingTests/Fixtures/touchscreen-cancel.yml", "--format", "jsonl", "--no-user-profile"],
            ["analyze", "recordings/missing.evemu"],
        ] {
            let inProcess = ForceBridgeCLI.runCapturing(arguments)
            let program = try CheckCommandTests.forcebridge(arguments)
            #expect(inProcess.status == program.status, "\(arguments)")
            #expect(inProcess.output == program.output, "\(arguments)")
            #expect(inProcess.error == program.error, "\(arguments)")
        }
    }

    @Test("analyze reports a generated touchscreen's rate and jitter: 125 Hz, frames 8 ms ± 0.5 ms")
    func generatedRate() throws {
        var description = DeviceDescription(name: "Generated Touchscreen")
        description.enable(.abs, code: AbsCode.x, axis: AxisInfo(minimum: 0, maximum: 4095))
        description.enable(.abs, code: AbsCode.y, axis: AxisInfo(minimum: 0, maximum: 4095))
        description.enable(.abs, code: AbsCode.pressure, axis: AxisInfo(minimum: 0, maximum: 255))
        description.enable(.key, code: KeyCode.touch)
        description.properties.insert(InputProperty.direct)
        var events: [InputEvent] = []
        var time: Int64 = 1_000_000
        // 201 frames, alternately 7.5 and 8.5 ms apart: median 8 ms (125 Hz), jitter 0.5 ms.
        for index in 0...200 {
            if index == 0 { events.append(InputEvent(time: time, type: .key, code: KeyCode.touch, value: 1)) }
            events.append(InputEvent(time: time, type: .abs, code: AbsCode.x, value: Int32(1000 + index)))
            events.append(InputEvent(time: time, type: .abs, code: AbsCode.pressure, value: Int32(20 + index % 200)))
            if index == 200 { events.append(InputEvent(time: time, type: .key, code: KeyCode.touch, value: 0)) }
            events.append(.report(at: time))
            time += index % 2 == 0 ? 7_500 : 8_500
        }
        let folder = try TemporaryDirectory()
        let path = folder.path("generated.evemu")
        let writer = try EvemuWriter(path: path, description: description)
        try writer.write(contentsOf: events)
        try writer.close()
        let result = try CheckCommandTests.forcebridge(["analyze", path, "--format", "jsonl", "--no-user-profile"])
        #expect(result.status == 0, "\(result.error)")
        let timing = try #require(result.output.split(separator: "\n").first { $0.hasPrefix("{\"type\":\"timing\"") })
        let line = try JSONValue(parsing: String(timing))
        func number(_ key: String) -> Double { line[key]?.number ?? .nan }
        #expect(number("intervals") == 200)
        #expect(abs(number("rate") - 125) < 0.001, "\(timing)")
        #expect(abs(number("median") - 0.008) < 1e-6 && abs(number("mean") - 0.008) < 1e-6, "\(timing)")
        #expect(abs(number("jitter") - 0.0005) < 1e-6, "\(timing)")
        #expect(number("minimum") == 0.0075 && number("maximum") == 0.0085 && number("gaps") == 0)
    }
}

/// `diff` with transcripts: a golden file is the same session as its recording.
@Suite("diff of transcripts")
struct DiffTranscriptTests {
    @Test("a recording and its golden transcript are the same session; a transcript where no interaction begins differs", arguments: ["stylus-commit", "touchscreen-two-fingers", "touchscreen-cancel", "touchscreen-palm"])
    func recordingAgainstGolden(name: String) throws {
        let same = try CheckCommandTests.forcebridge(["diff", "recordings/\(name).evemu", "Tests/Goldens/\(name).jsonl", "--no-user-profile"])
        #expect(same.status == 0, "\(same.output)\(same.error)")
        #expect(same.output.contains("largest force difference 0.0000 aligned"))
        let folder = try TemporaryDirectory()
        let changed = try CheckCommandTests.forcebridge(["replay", "recordings/\(name).evemu", "--format", "jsonl", "--thresholds", "7,8,9"])
        let path = try folder.write(changed.output, to: "changed.jsonl")
        let different = try CheckCommandTests.forcebridge(["diff", "Tests/Goldens/\(name).jsonl", path, "--format", "jsonl"])
        #expect(different.status == 1, "\(different.output)")
        #expect(different.output.contains("\"differingInteractions\":") && !different.output.contains("\"differingInteractions\":0"))
    }

    @Test("a malformed transcript is status 2 with FILE:LINE:COLUMN")
    func malformedTranscript() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("{\"type\":\"device\",\"name\":\"x\"}\n{\"type\":\"touch\",\"time\":0.1,\"id\":}\n", to: "broken.jsonl")
        let result = try CheckCommandTests.forcebridge(["diff", "recordings/stylus-commit.evemu", path])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("forcebridge: \(path):2:"), "\(result.error)")
    }
}
