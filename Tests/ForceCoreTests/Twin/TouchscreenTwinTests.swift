import ForceCore
import Glibc
import Testing

/// A multitouch screen through its twin: each contact's `ABS_MT_PRESSURE` through the curve, in
/// its own slot; tracking ids, positions and `BTN_TOUCH` untouched.
@Suite struct TouchscreenTwinTests {
    static let screen = TestDevices.slotTouchscreen()
    static let profile = PressureProfile(restingOffset: 10, curve: .gamma(2), tip: 0.04, full: 0.9)

    static func expected(_ raw: Int32) -> Int32 {
        let mapping = PressureMapping(profile: profile, axis: AxisInfo(minimum: 0, maximum: 255), offset: 10, contactLevel: 0)
        return mapping.output(raw: raw)
    }

    @Test func eachContactsPressureGoesThroughTheCurveInItsSlot() {
        var twin = TwinRewriting(Self.screen, profile: Self.profile)
        let down = twin.frame([
            (.abs, AbsCode.mtSlot, 0), (.abs, AbsCode.mtTrackingID, 5), (.abs, AbsCode.mtPositionX, 100), (.abs, AbsCode.mtPressure, 120),
            (.abs, AbsCode.mtSlot, 1), (.abs, AbsCode.mtTrackingID, 6), (.abs, AbsCode.mtPositionX, 900), (.abs, AbsCode.mtPressure, 40),
            (.key, KeyCode.touch, 1),
        ])
        #expect(down.filter { $0.code == AbsCode.mtPressure }.map(\.value) == [Self.expected(120), Self.expected(40)])
        #expect(Self.expected(120) < 120 && Self.expected(40) < 40, "gamma 2 reads light presses lighter")
        #expect(TwinRewriting.value(.key, KeyCode.touch, in: down) == 1, "contacts keep their own BTN_TOUCH")
        #expect(down.filter { !TwinRewriting.isRewritten($0) }.map(\.value) == [0, 5, 100, 1, 6, 900, 0])
        #expect(Self.expected(12) == 0, "below the tip threshold a contact presses with 0")
        #expect(Self.expected(250) == 255, "above the full point: the top of the axis")
    }

    @Test func aNewProfileRewritesTheStillContactsAndSelectsTheFramesSlotAgain() {
        var twin = TwinRewriting(Self.screen, profile: Self.profile)
        twin.frame([(.abs, AbsCode.mtSlot, 0), (.abs, AbsCode.mtTrackingID, 5), (.abs, AbsCode.mtPressure, 120),
                    (.abs, AbsCode.mtSlot, 1), (.abs, AbsCode.mtTrackingID, 6), (.abs, AbsCode.mtPressure, 80)])
        twin.rewriter.setProfile(PressureProfile(curve: .linear, tip: 0, full: 1))
        // Slot 1 moves; both hold their pressure: each is written again, slot 1 last (the frame's own).
        let frame = twin.frame([(.abs, AbsCode.mtPositionX, 300)])
        #expect(frame.map(\.code) == [AbsCode.mtPositionX, AbsCode.mtSlot, AbsCode.mtPressure, AbsCode.mtSlot,
                                      AbsCode.mtPressure, SynCode.report])
        #expect(frame.map(\.value) == [300, 0, 120, 1, 80, 0])
        // Slot 0 moves and presses anew under the new profile; slot 1 is rewritten, then slot 0 selected back.
        twin.rewriter.setProfile(PressureProfile(curve: .gamma(2), tip: 0, full: 1))
        let next = twin.frame([(.abs, AbsCode.mtSlot, 0), (.abs, AbsCode.mtPressure, 200)])
        #expect(next.map(\.code) == [AbsCode.mtSlot, AbsCode.mtPressure, AbsCode.mtSlot, AbsCode.mtPressure, AbsCode.mtSlot, SynCode.report])
        #expect(next.map(\.value) == [0, Int32((pow(200.0 / 255, 2) * 255).rounded()), 1, Int32((pow(80.0 / 255, 2) * 255).rounded()), 0, 0])
        // Later frames add nothing.
        #expect(twin.frame([(.abs, AbsCode.mtPositionX, 301)]).count == 2)
    }

    @Test func liftedContactsAreNotRewritten() {
        var twin = TwinRewriting(Self.screen, profile: Self.profile)
        twin.frame([(.abs, AbsCode.mtSlot, 0), (.abs, AbsCode.mtTrackingID, 5), (.abs, AbsCode.mtPressure, 120)])
        twin.frame([(.abs, AbsCode.mtTrackingID, -1)])
        twin.rewriter.setProfile(PressureProfile(curve: .linear, tip: 0, full: 1))
        #expect(twin.frame([(.abs, AbsCode.x, 3)]).count == 2)
    }

    @Test func protocolAContactsAreMappedAsTheyCome() {
        var twin = TwinRewriting(TestDevices.anonymousTouchscreen(trackingIDs: false), profile: Self.profile)
        let frame = twin.frame([(.abs, AbsCode.mtPositionX, 10), (.abs, AbsCode.mtPressure, 120), (.syn, SynCode.mtReport, 0),
                                (.abs, AbsCode.mtPositionX, 20), (.abs, AbsCode.mtPressure, 60), (.syn, SynCode.mtReport, 0)])
        #expect(frame.filter { $0.code == AbsCode.mtPressure && $0.type == .abs }.map(\.value) == [Self.expected(120), Self.expected(60)])
        #expect(frame.filter { $0.type == .syn }.count == 3)
    }

    @Test func devicesThatAreNeverTwinned() {
        var pad = TestDevices.bambooPen()
        pad.disable(.key, code: KeyCode.toolPen)
        pad.enable(.key, code: KeyCode.button0)
        pad.enable(.key, code: KeyCode.button1)
        pad.enable(.rel, code: RelCode.wheel)
        var twin = TestDevices.bambooPen()
        twin.physicalLocation = TwinMarker(original: "event5", originalLocation: "usb-1/input0").physicalLocation
        var haptic = Self.screen
        haptic.enable(.ff, code: EventCode(0x50))
        var touchpad = Self.screen
        touchpad.properties = PropertySet()
        touchpad.enable(.key, code: KeyCode.toolFinger)
        let refusals: [(DeviceDescription, String)] = [
            (TestDevices.noPressureTouchscreen(), "touchscreen without pressure"), (twin, "twin already"), (haptic, "force feedback"),
            (touchpad, "touchpad"), (pad, "tablet pad"),
        ]
        for (device, reason) in refusals {
            let refusal = TwinEligibility(device).refusal
            #expect(refusal?.contains(reason) == true, "\(device.name): \(refusal ?? "accepted")")
            #expect(refusal?.contains("\n") == false)
            #expect(PressureFrameRewriter(device: device, profile: PressureProfile()) == nil)
        }
        var keyboard = Self.screen
        for code: UInt16 in 1...31 { keyboard.enable(.key, code: EventCode(code)) }
        #expect(TwinEligibility(keyboard).refusal?.contains("keys") == true)
        #expect(TwinEligibility(Self.screen) == .contacts(Self.screen.pressureAxis!))
        #expect(TwinEligibility(TestDevices.bambooPen()) == .tip(TestDevices.bambooPen().pressureAxis!))
    }

    @Test func theMarkerReadsBackAndIsCut() {
        let marker = TwinMarker(original: "event12", originalLocation: "usb-0000:00:14.0-1/input0")
        #expect(marker.physicalLocation == "forcebridge-twin:event12/usb-0000:00:14.0-1/input0")
        #expect(TwinMarker(physicalLocation: marker.physicalLocation) == marker)
        #expect(TwinMarker(physicalLocation: "usb-0000:00:14.0-1/input0") == nil && TwinMarker(physicalLocation: nil) == nil)
        let long = TwinMarker(original: "event3", originalLocation: String(repeating: "x", count: 100))
        #expect(long.physicalLocation.utf8.count == TwinMarker.maximumLength)
        var device = TestDevices.bambooPen()
        device.udevProperties = ["FORCEBRIDGE_TWIN": "1"]
        #expect(device.isTwin && device.twinMarker?.original == nil)
    }
}
