import ForceCore
import Testing

/// A profile laid onto an axis: where the tip goes down and up, where output saturates, and what
/// comes out in between.
@Suite struct PressureMappingTests {
    static let axis = AxisInfo(minimum: 0, maximum: 1023)

    @Test func levelsFollowTheOffsetTheTipAndTheFullPoint() {
        let profile = PressureProfile(curve: .linear, tip: 0.03, full: 0.85)
        let mapping = PressureMapping(profile: profile, axis: Self.axis, offset: 307, contactLevel: 51)
        #expect(mapping.tipDown == 307 + 0.03 * 1023)
        #expect(mapping.tipUp == 307 + 0.006 * 1023, "a fifth of the tip level, above the offset")
        #expect(mapping.fullLevel == 0.85 * 1023)
        #expect(mapping.output(raw: Int32(mapping.tipDown.rounded(.up))) <= 52)
        #expect(mapping.output(raw: 870) == 1023 && mapping.output(raw: 1023) == 1023, "saturated from the full point on")
        #expect(mapping.output(raw: 0) == 51, "below the tip, in contact: the contact level")
    }

    @Test func readersPutThePenDownWhereTheTwinSays() {
        // libinput's tip-down level without an offset: 5 % of the range, in whole units.
        #expect(PressureMapping.readerTipLevel(of: AxisInfo(minimum: 0, maximum: 1023)) == 51)
        #expect(PressureMapping.readerTipLevel(of: AxisInfo(minimum: 0, maximum: 2047)) == 102)
        #expect(PressureMapping.readerTipLevel(of: AxisInfo(minimum: 0, maximum: 8191)) == 409)
        #expect(PressureMapping.readerTipLevel(of: AxisInfo(minimum: 0, maximum: 3)) == 1, "at least a unit above the minimum")
        #expect(PressureMapping.readerTipLevel(of: AxisInfo(minimum: 5, maximum: 5)) == 5)
    }

    @Test func theTipHasHysteresis() {
        let mapping = PressureMapping(profile: PressureProfile(tip: 0.05), axis: Self.axis, offset: 0, contactLevel: 51)
        // Down at 51.15 (so 52), up at 10.23 or below (so 10).
        #expect(!mapping.isDown(raw: 51, wasDown: false))
        #expect(mapping.isDown(raw: 52, wasDown: false))
        #expect(mapping.isDown(raw: 11, wasDown: true))
        #expect(!mapping.isDown(raw: 10, wasDown: true))
    }

    @Test func theCurveShapesTheOutputBetweenTheLevels() {
        let soft = PressurePreset.soft.profile()
        let mapping = PressureMapping(profile: soft, axis: Self.axis, offset: 0, contactLevel: 51)
        let middle = Int32((mapping.tipDown + mapping.fullLevel) / 2)
        let expected = 51 + soft.curve.apply(mapping.normalized(raw: middle)) * (1023 - 51)
        #expect(mapping.output(raw: middle) == Int32(expected.rounded()))
        #expect(Double(mapping.output(raw: middle)) > 51 + 0.5 * (1023 - 51), "soft: half way in, well over half way out")
    }

    @Test func degenerateProfilesStayInsideTheAxis() {
        // A full point below the tip, a tip at the top, an offset outside the axis.
        for profile in [PressureProfile(tip: 0.5, full: 0.1), PressureProfile(tip: 1, full: 1)] {
            for offset in [-50.0, 0, 1000, 5000] {
                let mapping = PressureMapping(profile: profile, axis: Self.axis, offset: offset, contactLevel: 51)
                for raw: Int32 in [-10, 0, 500, 1023, 4000] {
                    #expect((0...1023).contains(mapping.output(raw: raw)), "\(profile) \(offset) \(raw)")
                }
            }
        }
    }

    @Test func problemsAreNamed() {
        #expect(PressureProfile().problem == nil)
        #expect(PressureProfile(tip: 1.5).problem?.contains("tip threshold") == true)
        #expect(PressureProfile(tip: 0.03, tipRelease: 0.05).problem?.contains("must not lie above") == true)
        #expect(PressureProfile(full: 0).problem?.contains("full-pressure point") == true)
        #expect(PressureProfile(curve: .bezier(x1: 2, y1: 0, x2: 1, y2: 1)).problem?.contains("Bézier") == true)
        #expect(PressureProfile(restingOffset: .nan).problem?.contains("resting offset") == true)
    }

    @Test func presetsKeepThePensOffset() {
        let base = PressureProfile(restingOffset: 120, learnsRestingOffset: false, tip: 0.2, tipRelease: 0.1)
        for preset in PressurePreset.allCases {
            let profile = preset.profile(over: base)
            #expect(profile.restingOffset == 120 && !profile.learnsRestingOffset && profile.tipRelease == nil)
            #expect(profile.problem == nil)
        }
        #expect(PressurePreset.medium.profile().curve == .linear)
    }
}
