import ForceCore
import Testing

/// A pen through its twin: the resting offset gone, the tip down where the profile says (and
/// `BTN_TOUCH` with it), the pressure shaped by the curve, everything else as it came.
@Suite struct PenTwinTests {
    /// libinput's report: a Bamboo pen (0–1023, distance 0–31) whose tip rests at 30 % (307).
    static let pen = TestDevices.bambooPen()
    static let rest: Int32 = 307

    /// The pen comes in at `distance` resting (BTN_TOUCH set from pressure, as some tablets do).
    static func arrive(_ twin: inout TwinRewriting, distance: Int32 = 20) -> [InputEvent] {
        twin.frame([(.key, KeyCode.toolPen, 1), (.abs, AbsCode.x, 5000), (.abs, AbsCode.y, 4000),
                    (.abs, AbsCode.pressure, rest), (.abs, AbsCode.distance, distance), (.key, KeyCode.touch, 1)])
    }

    @Test func aWornPenRestingAt30PercentHoversWithPressure0AndNoTip() {
        var twin = TwinRewriting(Self.pen)
        let arrival = Self.arrive(&twin)
        #expect(TwinRewriting.value(.abs, AbsCode.pressure, in: arrival) == 0)
        #expect(TwinRewriting.value(.key, KeyCode.touch, in: arrival) == nil, "the original's BTN_TOUCH is dropped")
        #expect(twin.rewriter.offset == 307)
        for noise: Int32 in [305, 309, 306, 311] {
            let hover = twin.frame([(.abs, AbsCode.pressure, noise), (.abs, AbsCode.x, 5001)])
            #expect(TwinRewriting.value(.abs, AbsCode.pressure, in: hover) == 0)
            #expect(!twin.rewriter.isTipDown)
        }
        #expect(twin.rewriter.offset == 305, "the offset only goes down")
    }

    @Test func aPressGoesDownAtTheProfilesTipAndUpAtItsRelease() {
        var twin = TwinRewriting(Self.pen, profile: PressureProfile(tip: 0.03, full: 0.85))
        _ = Self.arrive(&twin)
        // Down at 307 + 30.69 (338), up at 307 + 6.138 (313) or below.
        let below = twin.frame([(.abs, AbsCode.pressure, 337)])
        #expect(!twin.rewriter.isTipDown && TwinRewriting.value(.abs, AbsCode.pressure, in: below) == 0)
        let down = twin.frame([(.abs, AbsCode.pressure, 338)])
        #expect(TwinRewriting.value(.key, KeyCode.touch, in: down) == 1)
        // The readers' own tip level (libinput puts the tip down at 51 too), plus the press's
        // 0.31 units above the threshold on the way to the full point.
        #expect(TwinRewriting.value(.abs, AbsCode.pressure, in: down) == 52)
        let hysteresis = twin.frame([(.abs, AbsCode.pressure, 314)])
        #expect(twin.rewriter.isTipDown && TwinRewriting.value(.key, KeyCode.touch, in: hysteresis) == nil)
        #expect(TwinRewriting.value(.abs, AbsCode.pressure, in: hysteresis) == 51)
        let up = twin.frame([(.abs, AbsCode.pressure, 313)])
        #expect(TwinRewriting.value(.key, KeyCode.touch, in: up) == 0 && TwinRewriting.value(.abs, AbsCode.pressure, in: up) == 0)
    }

    @Test func pressureFollowsTheCurveAndSaturatesAtTheFullPoint() {
        let profile = PressurePreset.firm.profile()
        var twin = TwinRewriting(Self.pen, profile: profile)
        _ = Self.arrive(&twin)
        let mapping = twin.rewriter.mapping
        var previous: Int32 = 0
        for raw in stride(from: Int32(400), through: 1023, by: 37) {
            let output = TwinRewriting.value(.abs, AbsCode.pressure, in: twin.frame([(.abs, AbsCode.pressure, raw)]))!
            let expected = 51 + profile.curve.apply((Double(raw) - mapping.tipDown) / (mapping.fullLevel - mapping.tipDown)) * (1023 - 51)
            #expect(abs(Double(output) - expected) <= 0.5, "\(raw): \(output) against \(expected)")
            #expect(output >= previous)
            previous = output
        }
        #expect(TwinRewriting.value(.abs, AbsCode.pressure, in: twin.frame([(.abs, AbsCode.pressure, 1023)])) == 1023)
    }

    @Test func everythingElsePassesThroughInOrder() {
        var twin = TwinRewriting(Self.pen)
        let input: [(EventType, EventCode, Int32)] = [
            (.msc, MscCode.serial, 0x1234), (.key, KeyCode.toolPen, 1), (.abs, AbsCode.x, 7000), (.abs, AbsCode.pressure, 600),
            (.key, KeyCode.touch, 1), (.abs, AbsCode.y, 3000), (.abs, AbsCode.distance, 0), (.key, KeyCode.buttonStylus, 1),
            (.abs, AbsCode.tiltX, -12), (.rel, RelCode.wheel, 1),
        ]
        let output = twin.frame(input)
        let expected = input.map { InputEvent(time: twin.time, type: $0.0, code: $0.1, value: $0.2) }.filter { !TwinRewriting.isRewritten($0) }
        #expect(output.filter { !TwinRewriting.isRewritten($0) } == expected + [.report(at: twin.time)])
        #expect(TwinRewriting.value(.key, KeyCode.touch, in: output) == 1 && output.last?.isFrameEnd == true)
    }

    @Test func leavingProximityLiftsTheTip() {
        var twin = TwinRewriting(Self.pen)
        _ = Self.arrive(&twin)
        twin.frame([(.abs, AbsCode.pressure, 700), (.abs, AbsCode.distance, 0)])
        #expect(twin.rewriter.isTipDown)
        let out = twin.frame([(.key, KeyCode.toolPen, 0), (.abs, AbsCode.pressure, 700)])
        #expect(TwinRewriting.value(.key, KeyCode.touch, in: out) == 0 && TwinRewriting.value(.abs, AbsCode.pressure, in: out) == 0)
    }

    @Test func aNewProfileAppliesAtTheNextFrameEvenToAStillPen() {
        var twin = TwinRewriting(Self.pen)
        _ = Self.arrive(&twin)
        let before = twin.frame([(.abs, AbsCode.pressure, 700)])
        twin.rewriter.setProfile(PressurePreset.soft.profile())
        // The pen does not move its pressure: the frame still carries the new output.
        let after = twin.frame([(.abs, AbsCode.x, 5100)])
        let old = TwinRewriting.value(.abs, AbsCode.pressure, in: before)!
        let new = try! #require(TwinRewriting.value(.abs, AbsCode.pressure, in: after))
        #expect(new > old, "soft reads the same press as more")
        #expect(after.map(\.code) == [AbsCode.x, AbsCode.pressure, SynCode.report])
        #expect(twin.rewriter.offset == 307, "the learned offset survives a new curve")
    }

    @Test func aChangedOffsetSettingStartsLearningAgain() {
        var twin = TwinRewriting(Self.pen)
        _ = Self.arrive(&twin)
        twin.rewriter.setProfile(PressureProfile(restingOffset: 100, learnsRestingOffset: false))
        twin.frame([(.abs, AbsCode.x, 5100)])
        #expect(twin.rewriter.offset == 100 && twin.rewriter.offsetLearning.state == .off)
    }

    @Test func aDropDiscardsThePartialFrameAndTheDeltaBringsTheTwinUpToDate() {
        var twin = TwinRewriting(Self.pen)
        _ = Self.arrive(&twin)
        twin.frame([(.abs, AbsCode.pressure, 700), (.abs, AbsCode.distance, 0)])
        // Part of a frame, then the kernel drops events: the delta says the pen left.
        let completed = twin.rewriter.process(InputEvent(time: 1, type: .abs, code: AbsCode.x, value: 9999))
        #expect(!completed)
        twin.rewriter.beginResynchronization()
        let delta = twin.frame([(.key, KeyCode.toolPen, 0), (.abs, AbsCode.pressure, 0)])
        #expect(!delta.contains { $0.code == AbsCode.x && $0.type == .abs }, "the partial frame is gone")
        #expect(TwinRewriting.value(.key, KeyCode.touch, in: delta) == 0 && TwinRewriting.value(.abs, AbsCode.pressure, in: delta) == 0)
    }

    @Test func aDropReadFromAStreamSkipsToTheNextReport() {
        var twin = TwinRewriting(Self.pen)
        _ = Self.arrive(&twin)
        let frames = twin.feed([
            InputEvent(time: 1, type: .abs, code: AbsCode.x, value: 1), InputEvent(time: 1, type: .syn, code: SynCode.dropped, value: 0),
            InputEvent(time: 1, type: .abs, code: AbsCode.x, value: 2), .report(at: 1),
            InputEvent(time: 2, type: .abs, code: AbsCode.x, value: 3), .report(at: 2),
        ])
        #expect(frames.map { $0.map(\.value) } == [[3, 0]])
    }

    @Test func aSingleTouchScreenGoesDownByPressureAndKeepsItsOwnTouchOut() {
        var twin = TwinRewriting(TestDevices.singleTouchscreen(), profile: PressureProfile(tip: 0.1))
        let light = twin.frame([(.abs, AbsCode.x, 100), (.abs, AbsCode.pressure, 20), (.key, KeyCode.touch, 1)])
        #expect(TwinRewriting.value(.key, KeyCode.touch, in: light) == nil && TwinRewriting.value(.abs, AbsCode.pressure, in: light) == 0)
        let press = twin.frame([(.abs, AbsCode.pressure, 40)])
        #expect(TwinRewriting.value(.key, KeyCode.touch, in: press) == 1)
    }
}
