import ForceTestSupport
import Testing
import ForceCore
@testable import ForceRecording

@Suite("evtest reader")
struct EvtestReaderTests {
    @Test("a pasted log reads like the evemu recording of the same session, with warnings naming lines")
    func pastedLog() throws {
        let reader = try EvtestReader(path: Fixtures.path("touchscreen-cancel.evtest"))
        let recording = try Recording(reading: reader)
        let evemu = try Recording(contentsOf: Fixtures.path("touchscreen-cancel.evemu"))
        #expect(recording.description == evemu.description)
        #expect(recording.relativeEvents == evemu.relativeEvents)
        #expect(recording.events.first?.time == 1_700_000_000_000_000)
        #expect(reader.driverVersion == "1.0.1")
        let path = reader.path
        #expect(reader.warnings.map(\.description) == [
            "\(path):1: warning: ignored lines 1-6, which are not part of the evtest log (before the header), starting with '$ sudo evtest'",
            "\(path):9: warning: 2 evtest lines glued together; read as 2 lines",
            "\(path):14: warning: 2 evtest lines glued together; read as 2 lines",
            "\(path):63: warning: 2 event lines glued together; read as 2 lines",
            "\(path):98: warning: ignored text that is not part of the evtest log (among the events): '(here I pressed harder)'",
            "\(path):539: warning: ignored lines 539-540, which are not part of the evtest log (among the events), starting with '^C'",
        ])
    }

    @Test("old evtest: type and code names of its own, all five axis rows, Report/Config Sync, hex MSC values")
    func oldKernel() throws {
        let reader = try EvtestReader(path: Fixtures.path("evtest-old-kernel.txt"))
        let recording = try Recording(reading: reader)
        let device = recording.description
        #expect(device.name == "eGalax Inc. USB TouchController")
        #expect(device.id == InputID(bustype: 3, vendor: 0xeef, product: 1, version: 0x100))
        #expect(device.axis(AbsCode.x) == AxisInfo(value: 1024, minimum: 0, maximum: 2047))
        #expect(device.axis(AbsCode.pressure) == AxisInfo(minimum: 0, maximum: 255))
        #expect(device.axis(AbsCode.mtPositionX)?.maximum == 2047)
        #expect(device.supports(.msc, code: MscCode.scan) && device.supports(.msc, code: MscCode.raw))
        #expect(device.isMultitouch && !device.usesSlots)
        let start: Int64 = 1_206_523_458_100_000
        #expect(Array(recording.events.prefix(5)) == [
            InputEvent(time: start, type: .msc, code: MscCode.scan, value: 0x90001),
            InputEvent(time: start, type: .key, code: KeyCode.touch, value: 1),
            InputEvent(time: start, type: .abs, code: AbsCode.mtPositionX, value: 1000),
            InputEvent(time: start, type: .abs, code: AbsCode.mtPositionY, value: 900),
            InputEvent(time: start, type: .syn, code: SynCode.mtReport, value: 0),
        ])
        #expect(recording.events[8] == InputEvent.report(at: start))
        #expect(recording.events[9] == InputEvent(time: start + 12_000, type: .msc, code: MscCode.raw, value: -1))
        #expect(recording.frameCount == 3)
        #expect(reader.warnings.map(\.description) == [
            "\(reader.path):47: warning: old evtest prints 'Config Sync' for every SYN code but SYN_REPORT; read as SYN_MT_REPORT, since the device uses multitouch protocol A",
        ])
        let transcript = Transcript(recording)
        #expect(transcript.interactionEvents == ["shouldBegin", "preview ended", "commit ended"])
    }

    @Test("modern evtest: optional Fuzz/Flat/Resolution, key repeat, (?) names, SYN_DROPPED, monotonic time, glued and annotated lines")
    func penQuirks() throws {
        let reader = try EvtestReader(path: Fixtures.path("evtest-pen-quirks.txt"))
        let recording = try Recording(reading: reader)
        let device = recording.description
        #expect(device.axis(AbsCode.x) == AxisInfo(value: 22000, minimum: 0, maximum: 44800, fuzz: 4, flat: 0, resolution: 200))
        #expect(device.axis(AbsCode.distance) == AxisInfo(minimum: 0, maximum: 63, fuzz: 0, flat: 1))
        #expect(device.axis(AbsCode.tiltX) == AxisInfo(minimum: -64, maximum: 63, resolution: 57))
        #expect(device.axis(AbsCode.pressure) == AxisInfo(minimum: 0, maximum: 8191))
        #expect(device.supports(.rep))
        #expect(device.supports(.msc, code: 6))
        #expect(device.hasProperty(InputProperty.pointer))
        #expect(device.kind == .tablet)
        #expect(recording.events.count == 21)
        #expect(recording.events.first == InputEvent(time: 4_125_330_781, type: .key, code: KeyCode.toolPen, value: 1))
        #expect(recording.events.contains(InputEvent(time: 4_125_335_781, type: .msc, code: MscCode.scan, value: 0xd0042)))
        #expect(recording.events.contains(InputEvent(time: 4_125_335_781, type: .msc, code: 6, value: 77)))
        #expect(recording.events.contains(InputEvent(time: 4_125_340_781, type: .syn, code: SynCode.dropped, value: 0)))
        #expect(recording.events.contains(InputEvent(time: 4_125_350_781, type: .abs, code: AbsCode.pressure, value: 7000)))
        let path = reader.path
        #expect(reader.warnings.map(\.description) == [
            "\(path):1: warning: ignored text that is not part of the evtest log (before the header): 'Here is the evtest output you asked for:'",
            "\(path):52: warning: 2 evtest lines glued together (header and events); read as 2 lines",
            "\(path):55: warning: 2 event lines glued together; read as 2 lines",
            "\(path):64: warning: ignored text before the event: '[  paste]'",
            "\(path):64: warning: ignored text after the event: '<- harder'",
            "\(path):72: warning: ignored text that is not part of the evtest log (among the events): '^C'",
        ])
    }

    static let header = """
        Input device ID: bus 0x3 vendor 0x1 product 0x2 version 0x3
        Input device name: "Test"
        Supported events:
          Event type 0 (EV_SYN)
          Event type 3 (EV_ABS)
            Event code 24 (ABS_PRESSURE)
              Value      0
              Min        0
              Max      255

        """

    static let malformed: [(name: String, content: String, message: String)] = [
        ("value", header + "Event: time 1.000000, type 3 (EV_ABS), code 24 (ABS_PRESSURE), value x\n",
         "10: expected a decimal value, found 'x'"),
        ("no-value", header + "Event: time 1.000000, type 3 (EV_ABS), code 24 (ABS_PRESSURE)\n",
         "10: expected a code name in parentheses, then ',', found the end of the line"),
        ("timestamp", header + "Event: time soon, type 3 (EV_ABS), code 24 (ABS_PRESSURE), value 1\n",
         "10: expected a timestamp 'SECONDS.MICROSECONDS', found 'soon, type 3 (EV_ABS), code 24 (ABS_PRESSURE), value 1'"),
        // Found by fuzzing: the microseconds of 17 or 18 digits of seconds overflowed an Int64 and crashed.
        ("huge-timestamp", header + "Event: time 99999999999999999.000000, type 3 (EV_ABS), code 24 (ABS_PRESSURE), value 1\n",
         "10: expected a timestamp of at most 9223372036854 seconds, found '99999999999999999.000000, type 3 (EV_ABS), code 24 (ABS_P...'"),
        ("huge-timestamp-separator", header + "Event: time 9223372036855.000000, -------------- SYN_REPORT ------------\n",
         "10: expected a timestamp of at most 9223372036854 seconds, found '9223372036855.000000, -------------- SYN_REPORT ------------'"),
        ("huge-timestamp-glued", header + "Event: time 1.000000, -------------- SYN_REPORT ------------Event: time 123456789012345678.9, -- SYN_REPORT --\n",
         "10: expected a timestamp of at most 9223372036854 seconds, found '123456789012345678.9, -- SYN_REPORT --'"),
        ("type", header + "Event: time 1.000000, type 40 (EV_?), code 24 (ABS_PRESSURE), value 1\n",
         "10: expected an event type number up to 31, found '(EV_?), code 24 (ABS_PRESSURE), value 1'"),
        ("separator", header + "Event: time 1.000000, -------------- SYN_SOMETHING ------------\n",
         "10: expected 'type T (NAME), code C (NAME), value V' or a SYN separator (SYN_REPORT, SYN_MT_REPORT, SYN_DROPPED, Report Sync, Config Sync), found '-------------- SYN_SOMETHING ------------'"),
        ("scan-code", header + "Event: time 1.000000, type 4 (EV_MSC), code 4 (MSC_SCAN), value zz\n",
         "10: expected a hex value (evtest prints MSC_SCAN and MSC_RAW in hex), found 'zz'"),
        ("device-id", "Input device ID: bus 0x3 vendor 0xgg product 0x2 version 0x3\n",
         "1: expected 'Input device ID: bus 0x… vendor 0x… product 0x… version 0x…', found 'Input device ID: bus 0x3 vendor 0xgg product 0x2 version 0x3'"),
        ("event-type", "Supported events:\n  Event type X (EV_KEY)\n",
         "2: expected 'Event type ' followed by an event type number up to 31, found 'Event type X (EV_KEY)'"),
        ("code-before-type", "Supported events:\n    Event code 0 (ABS_X)\n",
         "2: expected an 'Event type N (…)' row before the first 'Event code', found 'Event code 0 (ABS_X)'"),
        ("axis-row-before-axis", "Supported events:\n  Event type 1 (EV_KEY)\n    Event code 330 (BTN_TOUCH)\n      Min 0\n",
         "4: expected an absolute axis ('Event code N (ABS_…)') before its 'Min' row, found 'Min 0'"),
        // Found by fuzzing: carriage returns, blanks to the header, were part of the row's word in the message.
        ("axis-row-before-axis-cr", "Supported events:\n  Event type 1 (EV_KEY)\n    Event code 330 (BTN_TOUCH)\n      Min\r\r 0\n",
         "4: expected an absolute axis ('Event code N (ABS_…)') before its 'Min' row, found 'Min\\u{d}\\u{d} 0'"),
        ("axis-row", header.replacingOccurrences(of: "Max      255", with: "Max      lots"),
         "9: expected an axis row such as 'Min 0' (a word and a number), found 'Max      lots'"),
        ("no-header", "Event: time 1.000000, type 3 (EV_ABS), code 24 (ABS_PRESSURE), value 1\n",
         "1: expected an evtest header ('Input device name: \"…\"', 'Supported events:') before the first event, found none"),
        ("no-supported-events", "Input device name: \"Test\"\nEvent: time 1.000000, -------------- SYN_REPORT ------------\n",
         "2: expected 'Supported events:' in the evtest header (the device's axes and buttons), found none"),
    ]

    @Test("malformed logs fail with FILE:LINE: expected …, found …", arguments: malformed.indices)
    func malformedLog(index: Int) throws {
        let (name, content, message) = Self.malformed[index]
        let folder = try TemporaryDirectory()
        let path = try folder.write(content, to: "\(name).txt")
        let error = #expect(throws: RecordingError.self) {
            let reader = try EvtestReader(path: path)
            while try reader.next() != nil {}
        }
        #expect(error?.description == "\(path):\(message)")
    }

    @Test("the largest timestamp whose microseconds fit an Int64 reads")
    func largestTimestamp() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Self.header + "Event: time 9223372036854.775807, -------------- SYN_REPORT ------------\n", to: "largest.txt")
        let recording = try Recording(reading: try EvtestReader(path: path))
        #expect(recording.events == [InputEvent(time: .max, type: .syn, code: SynCode.report, value: 0)])
    }

    @Test("a header without events is a device description with no events")
    func headerOnly() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Self.header + "Testing ... (interrupt to exit)\n", to: "header.txt")
        let recording = try Recording(reading: try EvtestReader(path: path))
        #expect(recording.events.isEmpty)
        #expect(recording.description.axis(AbsCode.pressure)?.maximum == 255)
    }
}
