@testable import ForceCalibrationKit
import ForceCore
import Testing

/// The libinput quirk suggested for touchpads and touchscreens: libinput's section format, the
/// pressure (or size) range from the light taps and the palm threshold above the firm presses.
@Suite("Calibration: libinput quirk")
struct LibinputQuirkTests {
    @Test func touchpadQuirk() throws {
        let device = CalibrationFixtures.touchpad()
        // Firm presses up to about 150 of 255 leave room for a palm threshold above them.
        let events = CalibrationFixtures.touchSession(device, light: 30, ordinary: 60, firm: 150)
        let result = try #require(try CalibrationFixtures.replay(events, on: device).result)
        let quirk = try LibinputQuirk.suggestion(for: result).get()
        let lines = quirk.lines
        #expect(lines.prefix(5) == ["MatchUdevType=touchpad", "MatchBus=i2c", "MatchVendor=0x06CB", "MatchProduct=0xCD8B",
                                    "MatchName=SYNA8004:00 06CB:CD8B Touchpad"])
        let range = try #require(lines.first { $0.hasPrefix("AttrPressureRange=") })
        let values = range.dropFirst("AttrPressureRange=".count).split(separator: ":").compactMap { Int($0) }
        #expect(values.count == 2)
        let lightest = try #require(result.measurement(of: .lightTaps)).lowest
        #expect(values[0] > values[1] && values[1] >= 1)
        #expect(Double(values[0]) <= lightest * 0.6, "a light tap is well above the press threshold")
        let palm = try #require(lines.first { $0.hasPrefix("AttrPalmPressureThreshold=") })
        let firmest = try #require(result.measurement(of: .firmPresses)).highest
        #expect((Double(palm.dropFirst("AttrPalmPressureThreshold=".count)) ?? 0) > firmest)
        // libinput's parser: a [section], Match lines before Attr lines, no surrounding blanks.
        let text = quirk.text.split(separator: "\n")
        let body = text.drop { $0.hasPrefix("#") }
        #expect(body.first == "[\(quirk.section)]")
        let keys = body.dropFirst().map { String($0.prefix { $0 != "=" }) }
        #expect(keys.firstIndex { $0.hasPrefix("Attr") }! > keys.lastIndex { $0.hasPrefix("Match") }!)
        #expect(body.allSatisfy { $0.first != " " && $0.last != " " })
        #expect(quirk.text.contains(LibinputQuirk.overridesFile))
    }

    @Test func touchscreenQuirkSaysLibinputMayIgnoreIt() throws {
        let device = CalibrationFixtures.elanTouchscreen(pressure: false)
        let events = CalibrationFixtures.touchSession(device, light: 22, ordinary: 36, firm: 70)
        let quirk = try LibinputQuirk.suggestion(for: try #require(try CalibrationFixtures.replay(events, on: device).result)).get()
        #expect(!quirk.lines.contains { $0.hasPrefix("MatchUdevType") }, "libinput has no touchscreen udev type")
        #expect(quirk.lines.contains { $0.hasPrefix("AttrTouchSizeRange=") })
        #expect(quirk.notes.contains { $0.contains("may ignore") })
    }

    @Test func pensGetNoQuirk() throws {
        let result = try HardwareDatabaseEntryTests.penResult()
        guard case .failure(let why) = LibinputQuirk.suggestion(for: result) else {
            Issue.record("a pen got a quirk")
            return
        }
        #expect(why.reason.contains("tablet"))
    }

    @Test func namesBecomePatternsLibinputCanParse() {
        #expect(LibinputQuirk.namePattern("Pen [v2] #1 = x*y? ") == "Pen ?v2? ?1 ? x?y??")
    }
}
