import ForceTestSupport
import Foundation
import Testing
import ForceCore
@testable import ForceRecording

@Suite("libinput record reader")
struct LibinputRecordReaderTests {
    @Test("several devices: the touchscreen is chosen over the keyboard recorded first")
    func defaultDevice() throws {
        let reader = try LibinputRecordReader(path: Fixtures.path("touchscreen-cancel.yml"))
        #expect(reader.devices.count == 2)
        #expect(reader.deviceIndex == 1)
        #expect(reader.devices[0].name == "AT Translated Set 2 keyboard")
        #expect(reader.devices[0].kind == .other)
        #expect(reader.deviceNodes == ["/dev/input/event3", "/dev/input/event5"])
        #expect(reader.libinputVersion == "1.22.1")
        let recording = try Recording(reading: reader)
        let evemu = try Recording(contentsOf: Fixtures.path("touchscreen-cancel.evemu"))
        #expect(recording.description.comparable == evemu.description)
        #expect(recording.description.udevProperties == ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"])
        #expect(recording.relativeEvents == evemu.relativeEvents)
        // libinput, hid, quirks and unknown keys are ignored without a word.
        #expect(reader.warnings.isEmpty)
    }

    @Test("--device picks another device; obfuscated keys are kept and flagged once")
    func obfuscatedKeyboard() throws {
        let reader = try LibinputRecordReader(path: Fixtures.path("touchscreen-cancel.yml"), device: 0)
        #expect(reader.deviceIndex == 0)
        let recording = try Recording(reading: reader)
        #expect(recording.description.supports(.key, code: KeyCode.escape))
        #expect(!recording.description.supports(.key, code: 30))
        #expect(recording.events.count == 12)
        #expect(recording.events[0] == InputEvent(time: 0, type: .msc, code: MscCode.scan, value: 30))
        #expect(recording.events[1] == InputEvent(time: 0, type: .key, code: 30, value: 1))
        let line = try #require(reader.warnings.first?.line)
        #expect(reader.warnings.map(\.description) == [
            "\(reader.path):\(line): warning: key codes are obfuscated (recorded without --show-keycodes): KEY_A stands for other keys; touch and pen events are unaffected",
        ])
        let text = try String(contentsOfFile: reader.path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(text[line - 1].contains("[  0,      0,   1,  30,       1] # EV_KEY / KEY_A"))
    }

    @Test("a device index beyond the file's devices names the devices it holds")
    func missingDevice() {
        let path = Fixtures.path("touchscreen-cancel.yml")
        #expect(errorMessage(reading: path, device: 2)
            == "\(path): has no device 2; it holds 2: 0: \"AT Translated Set 2 keyboard\" (other), 1: \"ELAN9008:00 04F3:2C82\" (touchscreen)")
    }

    @Test("a single-device recording reads like its evemu original")
    func singleDevice() throws {
        let reader = try LibinputRecordReader(path: Fixtures.path("stylus-commit.yml"))
        #expect(reader.devices.count == 1)
        let recording = try Recording(reading: reader)
        let evemu = try Recording(contentsOf: Fixtures.path("stylus-commit.evemu"))
        #expect(recording.description == evemu.description)
        #expect(recording.relativeEvents == evemu.relativeEvents)
    }

    static let device = """
        devices:
        - node: /dev/input/event1
          evdev:
            name: "Test"
            id: [3, 1, 2, 3]
            codes:
              0: [0]
              3: [24]
            absinfo:
              24: [0, 255, 0, 0, 0]
            properties: []
          events:
          - evdev:
            - [0, 0, 3, 24, 10]
            - [0, 0, 0, 0, 0]

        """

    static let malformed: [(name: String, content: String, message: String)] = [
        ("version-2", "version: 2\n" + device,
         "1: expected libinput record format version 1, found version 2 (made by a newer libinput this ForceBridge cannot read)"),
        ("version-missing", "ndevices: 1\n" + device, "1: expected a top-level 'version: 1', found none (is this a libinput recording?)"),
        ("version-text", "version: one\n" + device, "1: expected 'version:' to be a number, found 'one'"),
        ("devices-missing", "version: 1\nndevices: 0\n", "1: expected a top-level 'devices:' list, found none"),
        ("devices-empty", "version: 1\ndevices: []\n", "2: expected 'devices:' to be a list of at least one device, found a list of 0 items"),
        ("evdev-missing", "version: 1\ndevices:\n- node: /dev/input/event1\n  events: []\n",
         "3: expected an 'evdev:' block describing the device, found none"),
        ("name-missing", "version: 1\ndevices:\n- evdev:\n    id: [3, 1, 2, 3]\n", "4: expected 'name:' in the 'evdev:' block, found none"),
        ("id-short", "version: 1\n" + device.replacingOccurrences(of: "[3, 1, 2, 3]", with: "[3, 1, 2]"),
         "6: expected 'id:' with 4 numbers [bustype, vendor, product, version], found a list of 3 items"),
        ("id-range", "version: 1\n" + device.replacingOccurrences(of: "[3, 1, 2, 3]", with: "[3, 70000, 2, 3]"),
         "6: expected an id number in 0...65535, found 70000"),
        ("codes-type", "version: 1\n" + device.replacingOccurrences(of: "3: [24]", with: "abs: [24]"),
         "9: expected an event type number, found 'abs'"),
        ("absinfo-short", "version: 1\n" + device.replacingOccurrences(of: "[0, 255, 0, 0, 0]", with: "[0, 255]"),
         "11: expected [min, max, fuzz, flat, resolution] for axis ABS_PRESSURE, found a list of 2 items"),
        ("event-fields", "version: 1\n" + device.replacingOccurrences(of: "[0, 0, 3, 24, 10]", with: "[0, 3, 24, 10]"),
         "15: expected an event [sec, usec, type, code, value], found a list of 4 items"),
        ("event-usec", "version: 1\n" + device.replacingOccurrences(of: "[0, 0, 3, 24, 10]", with: "[0, 1000000, 3, 24, 10]"),
         "15: expected microseconds in 0...999999, found 1000000"),
        ("event-value", "version: 1\n" + device.replacingOccurrences(of: "[0, 0, 3, 24, 10]", with: "[0, 0, 3, 24, ten]"),
         "15: expected an event value, found 'ten'"),
        ("frame", "version: 1\n" + device.replacingOccurrences(of: "  - evdev:\n    - [0, 0, 3, 24, 10]\n    - [0, 0, 0, 0, 0]", with: "  - [0, 0, 0, 0, 0]"),
         "14: expected an event frame ('- evdev: [[sec, usec, type, code, value], ...]'), found a list of 5 items"),
        ("syntax", "version: 1\ndevices:\n- evdev: {name: \"Test\"\n", "4: expected valid YAML, found a syntax error: did not find expected ',' or '}' (while parsing a flow mapping at line 3)"),
        // Found by fuzzing: keys quoted raw broke the message over lines.
        ("duplicate-keys", "version: 1\n\"x\\ny\": 1\n\"x\\ny\": 2\n" + device,
         "2: expected each key once in a mapping, found 'x\\u{a}y' more than once"),
        ("not-a-mapping", "- version\n- 1\n", "1: expected a libinput record YAML mapping with 'version:' and 'devices:', found a list of 2 items"),
    ]

    @Test("malformed recordings fail with FILE:LINE: expected …, found …", arguments: malformed.indices)
    func malformedRecording(index: Int) throws {
        let (name, content, message) = Self.malformed[index]
        let folder = try TemporaryDirectory()
        let path = try folder.write(content, to: "\(name).yml")
        let error = #expect(throws: RecordingError.self) {
            let reader = try LibinputRecordReader(path: path)
            while try reader.next() != nil {}
        }
        #expect(error?.description == "\(path):\(message)")
    }

    /// Found while fuzzing Yams: 190 KB repeating one frame of 3,000 events through 20,000 aliases
    /// held 60 million events. The YAML reader now refuses anchors and aliases at their line.
    @Test("YAML anchors and aliases are an error at their line, not a hang")
    func aliasesRepeatingFrames() throws {
        let folder = try TemporaryDirectory()
        let frame = "  - &frame {evdev: [" + Array(repeating: "[0, 0, 3, 24, 10]", count: 3000).joined(separator: ", ") + "]}\n"
        let path = try folder.write("version: 1\ndevices:\n- evdev:\n    name: Test\n  events:\n" + frame
            + String(repeating: "  - *frame\n", count: 20_000), to: "aliases.yml")
        let error = #expect(throws: RecordingError.self) { _ = try LibinputRecordReader(path: path) }
        #expect(error?.description.hasPrefix("\(path):6: ") == true)
        #expect(error?.description.contains("aliases") == true)
    }

    @Test("ndevices that disagrees with the devices list is a warning")
    func deviceCountMismatch() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("version: 1\nndevices: 3\n" + Self.device, to: "count.yml")
        let reader = try LibinputRecordReader(path: path)
        #expect(reader.warnings.map(\.description) == [
            "\(path):2: warning: 'ndevices: 3' but the file holds 1 device; reading the devices it holds",
        ])
        #expect(try Recording(reading: reader).events.count == 2)
    }
}
