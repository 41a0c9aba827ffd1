import ForceCore
import Testing

@testable import ForceFeedbackd

/// Theme vibrations become ForceBridge haptic patterns that drive the motor as hard and as long
/// as the theme says (or play the named ForceBridge feedback).
@Suite struct FeedbackVibrationTests {
    /// A one-motor phone vibrator with ForceBridge's defaults (20 ms minimum pulse).
    let renderer: HapticRenderer

    init() throws {
        let phone = HapticCapabilities(supportsRumble: true, supportsPeriodic: false, supportsGain: true, effectSlots: 16)
        renderer = try HapticRenderer(capabilities: phone, tuning: .standard(for: phone))
    }

    @Test func aRumbleKeepsItsLengthAndStrength() throws {
        let vibration = try #require(FeedbackVibration(.rumble(VibraRumble(duration: 150))))
        #expect(vibration.pattern.events.count == 1)
        #expect(vibration.pattern.events[0].duration == 0.15)
        #expect(vibration.priority == .notification)
        #expect(vibration.period == 0.15)
        // feedbackd 0.0.3 plays rumbles at half strength: strong 0x8000.
        let effects = try renderer.render(vibration.pattern, maximumEffects: 16)
        #expect(effects == [HapticEffect(kind: .rumble(strong: 32768, weak: 32768), length: 150)])
    }

    @Test func rumblesShareTheDurationWithTheirPauses() throws {
        let vibration = try #require(FeedbackVibration(.rumble(VibraRumble(duration: 750, count: 3, pause: 100))))
        #expect(vibration.pattern.events.map(\.time) == [0, 0.25, 0.5])
        #expect(vibration.pattern.events.allSatisfy { $0.duration == 0.15 })
        #expect(vibration.period == 0.75)
        // A pause as long as a rumble's share leaves nothing: feedbackd then plays 1000 ms once.
        #expect(VibraRumble(duration: 100, count: 2, pause: 60).rumbles == (1000, 0, 1))
    }

    @Test func aPeriodicVibrationFadesIn() throws {
        let vibration = try #require(FeedbackVibration(.periodic(VibraPeriodic(duration: 5000, magnitude: 1, fadeInTime: 3000, fadeInLevel: 0.3))))
        #expect(vibration.pattern.events == [.continuous(duration: 5, intensity: 1, sharpness: 0.25)])
        let curve = try #require(vibration.pattern.parameterCurves.first)
        #expect(curve.parameter == .intensityControl)
        #expect(curve.controlPoints.map(\.time) == [0, 3])
        // The curve starts where the renderer plays the fade-in level.
        let start = try #require(curve.controlPoints.first?.value)
        #expect(abs(renderer.level(intensity: start) - 0.3) < 1e-9)
        #expect(vibration.period == 5)
        #expect(FeedbackVibration(.periodic(VibraPeriodic(duration: 400)))?.pattern.parameterCurves.isEmpty == true)
    }

    @Test func aPatternPlaysItsStepsAndSkipsSilentOnes() throws {
        let vibration = try #require(FeedbackVibration(.pattern(VibraPattern(magnitudes: [1, 0, 0.5], durations: [200, 50, 300]))))
        #expect(vibration.pattern.events.map(\.time) == [0, 0.25])
        #expect(vibration.pattern.events.map(\.duration) == [0.2, 0.3])
        #expect(vibration.pattern.events[0].intensity == 1)
        #expect(abs(renderer.level(intensity: vibration.pattern.events[1].intensity) - 0.5) < 1e-9)
        #expect(vibration.period == 0.55)
        #expect(FeedbackVibration(.pattern(VibraPattern(magnitudes: [0], durations: [100]))) == nil)
    }

    @Test func namedForceBridgeFeedbacksPlayTheGenerators() throws {
        let impact = try #require(FeedbackVibration(.rumble(VibraRumble(duration: 28, generator: .impact(.light)))))
        #expect(impact.pattern == FeedbackPatterns.impact(.light))
        #expect(impact.priority == .impact)
        #expect(impact.period == 0.028)
        let error = try #require(FeedbackVibration(.rumble(VibraRumble(duration: 100, generator: .notification(.error)))))
        #expect(error.pattern == FeedbackPatterns.notification(.error))
        #expect(error.priority == .notification)
        #expect(error.period == 0.21, "a run lasts at least as long as the pattern")
        #expect(FeedbackVibration(.rumble(VibraRumble(generator: .selection)))?.priority == .selection)
        #expect(GeneratorFeedback(named: "impact-soft") == .impact(.soft))
        #expect(GeneratorFeedback(named: "notification-warning") == .notification(.warning))
        #expect(GeneratorFeedback(named: "impact") == nil)
        #expect(GeneratorFeedback.allNames.count == 9)
    }

    @Test func soundAndLightMoveNothing() {
        #expect(FeedbackVibration(.sound(effect: "bell", mediaRole: nil)) == nil)
        #expect(FeedbackVibration(.led(color: "red", frequency: 1000)) == nil)
        #expect(FeedbackVibration(.rumble(VibraRumble(magnitude: 0))) == nil)
    }

    @Test func levelsRoundTripThroughTheRenderer() {
        #expect(abs(renderer.level(intensity: FeedbackVibration.intensity(forLevel: 0.15)) - 0.15) < 0.001)
        for level in [0.3, 0.5, 0.8, 1.0] {
            #expect(abs(renderer.level(intensity: FeedbackVibration.intensity(forLevel: level)) - level) < 1e-9)
        }
        #expect(FeedbackVibration.intensity(forLevel: 0) == 0)
        #expect(FeedbackVibration.intensity(forLevel: 0.05) > 0, "weaker than felt plays at the weakest felt level")
    }
}
