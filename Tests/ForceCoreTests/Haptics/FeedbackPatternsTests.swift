import ForceCore
import Testing

/// The feedback styles as Core Haptics events: the table in FeedbackPatterns and docs/haptics.md.
@Suite("Haptics: feedback patterns")
struct FeedbackPatternsTests {
    @Test("each impact style is one transient with its documented intensity and sharpness", arguments: [
        (ImpactFeedbackStyle.light, 0.45, 0.6), (.medium, 0.7, 0.5), (.heavy, 1.0, 0.3), (.soft, 0.6, 0.1), (.rigid, 0.8, 0.95),
    ])
    func impactStyles(style: ImpactFeedbackStyle, intensity: Double, sharpness: Double) {
        let pattern = FeedbackPatterns.impact(style)
        #expect(pattern.events == [.transient(at: 0, intensity: intensity, sharpness: sharpness)])
    }

    @Test func heavierStylesAreStrongerAndRigidIsSharperThanSoft() {
        let intensity = { (style: ImpactFeedbackStyle) in FeedbackPatterns.parameters(of: style).intensity }
        let sharpness = { (style: ImpactFeedbackStyle) in FeedbackPatterns.parameters(of: style).sharpness }
        #expect(intensity(.light) < intensity(.medium) && intensity(.medium) < intensity(.heavy))
        #expect(sharpness(.soft) < sharpness(.medium) && sharpness(.medium) < sharpness(.rigid))
    }

    @Test func impactIntensityMultipliesAndIsRoundedTo32ndSteps() {
        #expect(FeedbackPatterns.impact(.heavy, intensity: 0.5).events.first?.intensity == 0.5)
        // 0.51 rounds to 16/32.
        #expect(FeedbackPatterns.impact(.heavy, intensity: 0.51) == FeedbackPatterns.impact(.heavy, intensity: 0.5))
        #expect(FeedbackPatterns.impact(.medium, intensity: 2) == FeedbackPatterns.impact(.medium))
        #expect(FeedbackPatterns.impact(.medium, intensity: 0).events.first?.intensity == 0)
        let distinct = Set((0...1000).map { FeedbackPatterns.impact(.light, intensity: Double($0) / 1000) })
        #expect(distinct.count == 33)
    }

    @Test func notificationsAreDistinctMultiPulsePatterns() {
        let success = FeedbackPatterns.notification(.success).events
        let warning = FeedbackPatterns.notification(.warning).events
        let error = FeedbackPatterns.notification(.error).events
        #expect(success.count == 2 && warning.count == 2 && error.count == 4)
        #expect(success.allSatisfy(\.isTransient) && warning.allSatisfy(\.isTransient) && error.allSatisfy(\.isTransient))
        // Success rises, warning falls and is spaced wider.
        #expect(success[0].intensity < success[1].intensity)
        #expect(warning[0].intensity > warning[1].intensity)
        #expect(warning[1].time > success[1].time)
        // Error: evenly spaced quick taps, the third the strongest.
        #expect(error.map(\.time) == [0, 0.07, 0.14, 0.21])
        #expect(error.map(\.intensity).max() == error[2].intensity)
    }

    @Test func selectionIsAFaintCrispTick() {
        #expect(FeedbackPatterns.selection.events == [.transient(intensity: 0.35, sharpness: 1)])
    }
}
