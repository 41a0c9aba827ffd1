import ForceTestSupport
import Foundation
import Testing
import ForceCore
@testable import ForceRecording

@Suite("format detection")
struct RecordingFormatTests {
    static let fixtures: [(name: String, format: RecordingFormat)] = [
        ("evemu-1.0.evemu", .evemu), ("evemu-1.1.evemu", .evemu), ("evemu-1.2-comments.evemu", .evemu),
        ("evemu-1.3-crlf-wallclock.evemu", .evemu), ("stylus-commit.evemu", .evemu), ("touchscreen-cancel.evemu", .evemu),
        ("stylus-commit.yml", .libinputRecord), ("touchscreen-cancel.yml", .libinputRecord),
        ("stylus-commit.evtest", .evtest), ("touchscreen-cancel.evtest", .evtest),
        ("evtest-old-kernel.txt", .evtest), ("evtest-pen-quirks.txt", .evtest),
    ]

    @Test("every fixture is recognised by its content", arguments: fixtures.indices)
    func fixture(index: Int) throws {
        let (name, format) = Self.fixtures[index]
        #expect(try RecordingFormat.detect(path: Fixtures.path(name)) == format)
        let reader = try RecordingFormat.open(path: Fixtures.path(name))
        #expect(reader.format == format)
    }

    @Test("names do not matter: content decides")
    func misleadingNames() throws {
        let folder = try TemporaryDirectory()
        let yaml = try String(contentsOfFile: Fixtures.path("stylus-commit.yml"), encoding: .utf8)
        let path = try folder.write(yaml, to: "actually-yaml.evemu")
        #expect(try RecordingFormat.detect(path: path) == .libinputRecord)
    }

    @Test("YAML without the comment, evemu without '# EVEMU', evtest with only events after pasted text")
    func bareStarts() throws {
        #expect(try RecordingFormat.detect(head: "version: 1\ndevices: []\n").get() == .libinputRecord)
        #expect(try RecordingFormat.detect(head: "\n\nN: Pen\nI: 0003 0001 0002 0003\n").get() == .evemu)
        #expect(try RecordingFormat.detect(head: "# a comment\nE: 0.000000 0000 0000 0000\n").get() == .evemu)
        #expect(try RecordingFormat.detect(head: "$ evtest\nInput driver version is 1.0.1\n").get() == .evtest)
        #expect(try RecordingFormat.detect(head: "hi\nEvent: time 1.000000, -------------- SYN_REPORT ------------\n").get() == .evtest)
    }

    @Test("unknown content, empty files, folders and missing files say what was expected")
    func unknown() throws {
        let folder = try TemporaryDirectory()
        let text = try folder.write("\n# my notes\nThis is not a recording\n", to: "notes.txt")
        #expect(errorMessage(reading: text) == "\(text):3: expected a recording (evemu starting with '# EVEMU' or 'N:', libinput record YAML starting with 'version: 1', or an evtest log with 'Input device name:'), found 'This is not a recording'")
        let empty = try folder.write("\n \n", to: "empty")
        #expect(errorMessage(reading: empty) == "\(empty): is empty; expected a recording (evemu, libinput record YAML or an evtest log)")
        #expect(errorMessage(reading: folder.path) == "\(folder.path): is a directory, not a recording")
        let missing = folder.path("missing.evemu")
        #expect(errorMessage(reading: missing) == "\(missing): no such file")
    }

    @Test("--device on a single-device format")
    func deviceOnSingleDeviceFormats() {
        let evemu = Fixtures.path("stylus-commit.evemu")
        #expect(errorMessage(reading: evemu, device: 1) == "\(evemu): holds one device (evemu), so there is no device 1; use --device 0 or leave it out")
        #expect(errorMessage(reading: evemu, device: 0) == nil)
        let evtest = Fixtures.path("evtest-old-kernel.txt")
        #expect(errorMessage(reading: evtest, device: 3) == "\(evtest): holds one device (evtest log), so there is no device 3; use --device 0 or leave it out")
    }

    @Test("the default device of a list: touchscreen or tablet, then touchpad, then the first")
    func defaultSelection() {
        var keyboard = DeviceDescription(name: "keyboard")
        keyboard.enable(.key, code: KeyCode.escape)
        var touchpad = DeviceDescription(name: "touchpad")
        for code in [AbsCode.x, AbsCode.y] { touchpad.enable(.abs, code: code, axis: AxisInfo(minimum: 0, maximum: 100)) }
        touchpad.enable(.key, code: KeyCode.toolFinger)
        touchpad.enable(.key, code: KeyCode.touch)
        var pen = touchpad
        pen.name = "pen"
        pen.disable(.key, code: KeyCode.toolFinger)
        pen.enable(.key, code: KeyCode.toolPen)
        #expect(touchpad.kind == .touchpad && pen.kind == .tablet)
        #expect(DeviceSelection.defaultIndex(in: [keyboard, touchpad, pen]) == 2)
        #expect(DeviceSelection.defaultIndex(in: [keyboard, touchpad]) == 1)
        #expect(DeviceSelection.defaultIndex(in: [keyboard, keyboard]) == 0)
    }
}
