import ForceTestSupport
import Testing
import ForceCore
@testable import ForceRecording

@Suite("evemu reader")
struct EvemuReaderTests {
    @Test("format 1.0: no version line, A: with min max fuzz flat, no P:, wall-clock time")
    func version10() throws {
        let reader = try EvemuReader(path: Fixtures.path("evemu-1.0.evemu"))
        #expect(reader.formatVersion == nil)
        let recording = try Recording(reading: reader)
        let device = recording.description
        #expect(device.name == "Old Touchscreen")
        #expect(device.id == InputID(bustype: 0x03, vendor: 0x0eef, product: 0x0001, version: 0x0100))
        #expect(device.axis(AbsCode.x) == AxisInfo(minimum: 0, maximum: 4095, fuzz: 4, flat: 0, resolution: 0))
        #expect(device.axis(AbsCode.pressure) == AxisInfo(minimum: 0, maximum: 255))
        #expect(device.supports(.key, code: KeyCode.touch))
        #expect(device.properties.isEmpty)
        #expect(recording.events.count == 10)
        #expect(recording.events[0] == InputEvent(time: 1_284_000_000_100_000, type: .abs, code: AbsCode.x, value: 2000))
        #expect(recording.frameCount == 3)
    }

    @Test("format 1.1: P: lines and a first timestamp of 0.000001")
    func version11() throws {
        let reader = try EvemuReader(path: Fixtures.path("evemu-1.1.evemu"))
        #expect(reader.formatVersion == "1.1")
        let recording = try Recording(reading: reader)
        #expect(recording.description.hasProperty(InputProperty.direct))
        #expect(recording.events.first?.time == 1)
        #expect(recording.events.last?.time == 20_001)
        // The same session as the 1.0 file, whose clock started elsewhere.
        let old = try Recording(contentsOf: Fixtures.path("evemu-1.0.evemu"))
        #expect(recording.relativeEvents == old.relativeEvents)
        var oldDevice = old.description
        oldDevice.properties = recording.description.properties
        #expect(oldDevice == recording.description)
    }

    @Test("format 1.2: resolution, '#' comments anywhere, a '#' in the name, -001")
    func version12Comments() throws {
        let reader = try EvemuReader(path: Fixtures.path("evemu-1.2-comments.evemu"))
        #expect(reader.formatVersion == "1.2")
        let recording = try Recording(reading: reader)
        let device = recording.description
        #expect(device.name == "Pen # with a hash in its name")
        #expect(device.id == InputID(bustype: 3, vendor: 0x56a, product: 0x357, version: 0x110))
        #expect(device.axis(AbsCode.x) == AxisInfo(minimum: 0, maximum: 44800, fuzz: 4, flat: 0, resolution: 200))
        #expect(device.supports(.key, code: KeyCode.toolPen) && device.supports(.key, code: KeyCode.touch))
        #expect(device.kind == .tablet)
        #expect(recording.events.count == 14)
        #expect(recording.events.first?.time == 0)
        #expect(recording.events.contains(InputEvent(time: 10_000, type: .abs, code: AbsCode.pressure, value: -1)))
    }

    @Test("format 1.3: L:/S: lines, CRLF, per-event timestamps in a frame, no final newline")
    func version13CRLF() throws {
        let reader = try EvemuReader(path: Fixtures.path("evemu-1.3-crlf-wallclock.evemu"))
        #expect(reader.formatVersion == "1.3")
        let recording = try Recording(reading: reader)
        let device = recording.description
        #expect(device.name == "Lab Touchscreen")
        #expect(device.supports(.led, code: 0) && device.supports(.led, code: 2))
        #expect(device.supports(.sw, code: 0))
        #expect(device.slotCount == 10)
        #expect(recording.events.count == 9)
        #expect(recording.events.map(\.time).prefix(6) == [
            1_700_000_000_500_000, 1_700_000_000_500_001, 1_700_000_000_500_002,
            1_700_000_000_500_003, 1_700_000_000_500_004, 1_700_000_000_500_005,
        ])
        #expect(recording.events.last == InputEvent.report(at: 1_700_000_000_508_002))
        #expect(recording.events[6].value == -1)
    }

    @Test("timestamps: fractions of any length become microseconds")
    func fractions() {
        #expect(EvemuReader.scaleFraction(5, digits: 1) == 500_000)
        #expect(EvemuReader.scaleFraction(1, digits: 6) == 1)
        #expect(EvemuReader.scaleFraction(12, digits: 7) == 1)
        #expect(EvemuReader.scaleFraction(0, digits: 6) == 0)
    }

    @Test("every shipped recording reads to the end")
    func shippedRecordings() throws {
        #expect(!Repository.recordings.isEmpty)
        for path in Repository.recordings {
            let recording = try Recording(contentsOf: path)
            #expect(recording.events.count > 0, "\(path)")
            #expect(recording.events.last?.isFrameEnd == true, "\(path)")
        }
    }

    static let header = "N: Test\nI: 0003 0001 0002 0003\n"

    /// One malformed file per error path, and the exact message it gives.
    static let malformed: [(name: String, content: String, message: String)] = [
        ("unknown-line", header + "X: 1 2\n",
         "3: expected a header line ('N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:'), an 'E:' event or a '#' comment, found 'X: 1 2'"),
        ("no-colon", header + "hello world\n",
         "3: expected a header line ('N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:'), an 'E:' event or a '#' comment, found 'hello world'"),
        ("name-not-first", "I: 0003 0001 0002 0003\nN: Test\n",
         "1: expected the 'N:' device name line first, found 'I: 0003 0001 0002 0003'"),
        ("id-fields", "N: Test\nI: 0003 0001 0002\n",
         "2: expected 'I:' with 4 hex fields (bus vendor product version), found 3 in 'I: 0003 0001 0002'"),
        ("id-hex", "N: Test\nI: 0003 00zz 0002 0003\n", "2: expected a hex id field, found '00zz'"),
        ("id-range", "N: Test\nI: 0003 10000 0002 0003\n", "2: expected a hex id field, found '10000'"),
        ("properties-count", header + "P: 00 00 00 00 00 00 00 00 00\n",
         "3: expected 'P:' with 1 to 8 hex property bytes, found 9 in 'P: 00 00 00 00 00 00 00 00 00'"),
        ("property-byte", header + "P: 1ff\n", "3: expected a hex property byte, found '1ff'"),
        ("mask-short", header + "B: 03\n", "3: expected 'B:' with an event type and 1 to 8 hex mask bytes, found 'B: 03'"),
        ("mask-type", header + "B: 20 00\n", "3: expected a hex event type, found '20'"),
        ("mask-byte", header + "B: 03 0g\n", "3: expected a hex mask byte, found '0g'"),
        // Codes of more than 16 bits (over 8192 mask bytes in rows of one type) crashed the reader.
        ("mask-too-long", header + String(repeating: "B: 01 ff ff ff ff ff ff ff ff\n", count: 1025),
         "1027: expected the 'B:' rows of type 01 to hold at most 8192 bytes together (codes up to 0xffff), found 8200"),
        ("properties-too-long", header + String(repeating: "P: 00 00 00 00 00 00 00 01\n", count: 1025),
         "1027: expected the 'P:' rows to hold at most 8192 bytes together (codes up to 0xffff), found 8200"),
        ("axis-fields", header + "A: 00 0 100 0\n",
         "3: expected 'A:' with an axis code and 4 or 5 numbers (min max fuzz flat [resolution]), found 3 numbers in 'A: 00 0 100 0'"),
        ("axis-code", header + "A: 40 0 100 0 0 0\n", "3: expected a hex axis code, found '40'"),
        ("axis-number", header + "A: 00 0 1x0 0 0 0\n", "3: expected a decimal number, found '1x0'"),
        ("led-fields", header + "L: 00\n", "3: expected 'L:' with a hex code and a value, found 'L: 00'"),
        ("switch-value", header + "S: 00 on\n", "3: expected a decimal number, found 'on'"),
        ("event-before-name", "# EVEMU 1.3\nE: 0.000000 0000 0000 0000\n",
         "2: expected an evemu header starting with an 'N:' device name line, found an event first"),
        ("no-id", "N: Test\nE: 0.000000 0000 0000 0000\n",
         "2: expected an 'I:' line (bus vendor product version) in the header, found none"),
        ("timestamp", header + "E: abc 0003 0000 0001\n", "3: expected a timestamp 'SECONDS.MICROSECONDS', found 'abc'"),
        ("fraction", header + "E: 1. 0003 0000 0001\n", "3: expected microseconds after the '.' of the timestamp, found '0003'"),
        ("type", header + "E: 0.000000 zz 0000 0001\n", "3: expected an event type in hex (e.g. 0003), found 'zz'"),
        ("type-digits", header + "E: 0.000000 00003 0000 0001\n", "3: expected an event type in hex (e.g. 0003), found '00003'"),
        ("code", header + "E: 0.000000 0003 xyz 0001\n", "3: expected an event code in hex (e.g. 0035), found 'xyz'"),
        ("value", header + "E: 0.000000 0003 0000 lots\n", "3: expected a decimal event value (e.g. 42 or -001), found 'lots'"),
        ("value-range", header + "E: 0.000000 0003 0000 99999999999\n", "3: expected a decimal event value (e.g. 42 or -001), found '99999999999'"),
        ("trailing", header + "E: 0.000000 0003 0000 0001 0002\n",
         "3: expected the end of the line or a '#' comment after the value, found '0002'"),
        ("type-maximum", header + "E: 0.000000 0020 0000 0001\n", "3: expected an event type up to 0x1f, found 0x20"),
        ("header-after-events", header + "E: 0.000000 0000 0000 0000\nA: 00 0 1 0 0 0\n",
         "4: expected an 'E:' event line (header lines must come before the first event), found 'A: 00 0 1 0 0 0'"),
        ("missing-space", header + "E: 0.000000 00030000 0001\n", "3: expected an event type in hex (e.g. 0003), found '00030000'"),
    ]

    @Test("malformed files fail with FILE:LINE: expected …, found …", arguments: malformed.indices)
    func malformedFile(index: Int) throws {
        let (name, content, message) = Self.malformed[index]
        let folder = try TemporaryDirectory()
        let path = try folder.write(content, to: "\(name).evemu")
        let error = #expect(throws: RecordingError.self) {
            let reader = try EvemuReader(path: path)
            while try reader.next() != nil {}
        }
        #expect(error?.description == "\(path):\(message)")
    }

    @Test("mask rows up to codes 0xffff read; codes beyond the type's maximum are dropped")
    func longestMask() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Self.header + String(repeating: "B: 01 00 00 00 00 00 00 00 00\n", count: 1023) + "B: 01 00 00 00 00 00 00 04 80\n", to: "mask.evemu")
        let reader = try EvemuReader(path: path)
        #expect(reader.description.codes(of: .key).isEmpty)
    }

    @Test("an empty file and a file with only comments have no header")
    func emptyFiles() throws {
        let folder = try TemporaryDirectory()
        for content in ["", "# EVEMU 1.3\n# nothing else\n"] {
            let path = try folder.write(content, to: "empty.evemu")
            let error = #expect(throws: RecordingError.self) { _ = try EvemuReader(path: path) }
            #expect(error?.description == "\(path): expected an evemu header starting with an 'N:' device name line, found none (empty file?)")
        }
    }

    @Test("a line longer than the reader's buffer is an error, not a crash")
    func overlongLine() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Self.header + "# " + String(repeating: "x", count: LineReader.chunkSize + 10) + "\n", to: "long.evemu")
        let error = #expect(throws: RecordingError.self) { _ = try EvemuReader(path: path) }
        #expect(error?.description == "\(path):3: expected a line shorter than 1048576 bytes, found a longer one (is this a binary file?)")
    }

    @Test("a header-only file (evemu-describe output) has no events")
    func headerOnly() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Self.header + "B: 00 0b\n", to: "describe.evemu")
        let recording = try Recording(contentsOf: path)
        #expect(recording.events.isEmpty)
        #expect(recording.description.name == "Test")
    }
}
