import ForceCore
import Testing

/// A twin's profile changed as `twin` and `plot --twin` change it: the preset first, then the
/// curve, tip and full-pressure point; fractions as percentages or numbers.
struct PressureAdjustmentTests {
    @Test func thePresetFirstThenTheOthers() {
        let base = PressureProfile(restingOffset: 120, learnsRestingOffset: false, tip: 0.1, tipRelease: 0.05)
        #expect(PressureAdjustment().isEmpty && PressureAdjustment().apply(to: base) == base)
        let firm = PressureAdjustment(preset: .firm).apply(to: base)
        #expect(firm == PressurePreset.firm.profile(over: base) && firm.restingOffset == 120)
        let adjusted = PressureAdjustment(preset: .soft, curve: .gamma(2), tip: 0.03).apply(to: base)
        #expect(adjusted.curve == .gamma(2) && adjusted.tip == 0.03 && adjusted.tipRelease == nil && adjusted.full == 0.8)
        #expect(PressureAdjustment(full: 0.85).apply(to: base).tipRelease == 0.05, "the tip release stays unless the tip changes")
    }

    @Test func fractionsArePercentagesOrNumbers() throws {
        #expect(try PressureAdjustment.fraction(parsing: "3%") == 0.03)
        #expect(try PressureAdjustment.fraction(parsing: " 85 %") == 0.85)
        #expect(try PressureAdjustment.fraction(parsing: "0.5") == 0.5)
        #expect(throws: PressureAdjustment.FractionError.notANumber) { try PressureAdjustment.fraction(parsing: "three") }
        #expect(throws: PressureAdjustment.FractionError.notANumber) { try PressureAdjustment.fraction(parsing: "nan") }
        #expect(throws: PressureAdjustment.FractionError.outOfRange) { try PressureAdjustment.fraction(parsing: "120%") }
        #expect(throws: PressureAdjustment.FractionError.outOfRange) { try PressureAdjustment.fraction(parsing: "-0.1") }
    }

    @Test func theSummarySaysHowTheOffsetIsFound() {
        #expect(PressureProfile().summary == "curve linear, tip at 5 % above the resting offset (learned), full at 100 %")
        #expect(PressureProfile(restingOffset: 152.5, learnsRestingOffset: false, curve: .bezier(x1: 0.2, y1: 0.1, x2: 0.8, y2: 0.9), tip: 0.03,
                                full: 0.825).summary
            == "curve bezier:0.2,0.1,0.8,0.9, tip at 3 % above the resting offset (152.5), full at 82.5 %")
        #expect(PressureProfile(restingOffset: 40).summary.contains("(learned, at most 40)"))
    }
}
