import ForceTestSupport
import Foundation
import Testing
import ForceCore
@testable import ForceRecording

@Suite("writers round trip")
struct RecordingWriterTests {
    static let sources = [
        "evemu-1.0.evemu", "evemu-1.1.evemu", "evemu-1.2-comments.evemu", "evemu-1.3-crlf-wallclock.evemu",
        "stylus-commit.evemu", "touchscreen-cancel.yml", "stylus-commit.evtest", "evtest-old-kernel.txt", "evtest-pen-quirks.txt",
    ]

    @Test("evemu and YAML written by ForceBridge read back identically", arguments: sources, RecordingOutputFormat.allCases)
    func roundTrip(source: String, format: RecordingOutputFormat) throws {
        let original = try Recording(contentsOf: Fixtures.path(source))
        let folder = try TemporaryDirectory()
        let path = folder.path(format == .evemu ? "out.evemu" : "out.yml")
        let writer = try format.makeWriter(path: path, description: original.description, source: source)
        for event in original.events { try writer.write(event) }
        try writer.close()
        let copy = try Recording(contentsOf: path)
        #expect(copy.description.comparable == original.description.comparable)
        #expect(copy.relativeEvents == original.relativeEvents)
        #expect(copy.events.first?.time == 0)
    }

    @Test("the output format follows the file name")
    func outputFormatFromName() {
        #expect(RecordingOutputFormat(fileName: "a.yml") == .libinputRecord)
        #expect(RecordingOutputFormat(fileName: "a.YAML") == .libinputRecord)
        #expect(RecordingOutputFormat(fileName: "a.evemu") == .evemu)
        #expect(RecordingOutputFormat(fileName: "a") == .evemu)
    }

    @Test("a YAML file is valid after every frame")
    func yamlValidAfterEachFrame() throws {
        let original = try Recording(contentsOf: Fixtures.path("evemu-1.1.evemu"))
        let folder = try TemporaryDirectory()
        let path = folder.path("partial.yml")
        let writer = try LibinputRecordWriter(path: path, description: original.description)
        var frames = 0
        for event in original.events {
            try writer.write(event)
            if event.isFrameEnd {
                frames += 1
                let partial = try Recording(contentsOf: path)
                #expect(partial.frameCount == frames)
            }
        }
        try writer.close()
    }

    @Test("names with quotes, backslashes and control characters survive YAML")
    func awkwardName() throws {
        var device = DeviceDescription(name: "Pen \"Pro\" \\ 2: [x] # y\u{1}")
        device.enable(.abs, code: AbsCode.pressure, axis: AxisInfo(minimum: 0, maximum: 1023))
        let folder = try TemporaryDirectory()
        let path = folder.path("name.yml")
        let writer = try LibinputRecordWriter(path: path, description: device)
        try writer.close()
        #expect(try Recording(contentsOf: path).description.name == device.name)
    }
}
