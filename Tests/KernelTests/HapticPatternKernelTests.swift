import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

/// Patterns on a real kernel: one effect per event, its start as `replay.delay`, all started by
/// one write — the kernel (here the device) does the timing, not ForceBridge.
@Suite(.guestOnly, .serialized)
struct HapticPatternKernelTests {
    static let ahap = """
        {"Version": 1.0, "Pattern": [
          {"Event": {"Time": 0.0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.0}, {"ParameterID": "HapticSharpness", "ParameterValue": 1.0}]}},
          {"Event": {"Time": 0.1, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.5}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
          {"Event": {"Time": 0.35, "EventType": "HapticTransient"}},
          {"Event": {"Time": 0.5, "EventType": "HapticContinuous", "EventDuration": 0.2, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.3}]}}
        ]}
        """

    @Test func eventsArriveAsEffectsDelayedByTheirStartAndStartedInOneBatch() throws {
        let fixture = try HapticFixture(.phoneVibrator())
        let pattern = try AHAPDocument(text: Self.ahap).pattern
        fixture.hardware.clearEvents()
        let played = try fixture.expectPlays(4) { _ = try fixture.engine.playPattern(pattern) }
        let effects = played.compactMap(\.effect)
        #expect(effects.map(\.delay) == [0, 100, 350, 500])
        #expect(effects.map(\.length) == [20, 30, 30, 200])
        // Level = 0.15 + 0.85 × intensity.
        #expect(effects.map(\.level).map { ($0 * 1000).rounded() / 1000 } == [1, 0.575, 1, 0.405])
        // The four uploads, then the four starts: the starts came in one write, nothing between them.
        let kinds = fixture.hardware.events.map(\.kind)
        let firstPlay = try #require(kinds.firstIndex { if case .play = $0 { return true } else { return false } })
        #expect(kinds[firstPlay...].allSatisfy { if case .play = $0 { return true } else { return false } })
        #expect(kinds.count - firstPlay == 4)
        #expect(fixture.engine.statistics.played == 1)
    }

    @Test func playingThePatternAgainUploadsNothing() throws {
        let fixture = try HapticFixture(.phoneVibrator())
        let pattern = try AHAPDocument(text: Self.ahap).pattern
        try fixture.engine.preparePattern(pattern)
        let uploads = fixture.uploads.count
        for _ in 0..<3 { try fixture.expectPlays(4) { _ = try fixture.engine.playPattern(pattern) } }
        #expect(fixture.uploads.count == uploads)
    }

    @Test func aParameterCurveBecomesAStaircaseOfDelayedEffects() throws {
        let fixture = try HapticFixture(.phoneVibrator())
        // 0.3 s at full intensity fading to nothing over the last 0.2 s.
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 0.3, intensity: 1)], parameterCurves: [
            HapticParameterCurve(parameter: .intensityControl, time: 0.1, controlPoints: [.init(time: 0, value: 1), .init(time: 0.2, value: 0)]),
        ])
        let expected = try fixture.engine.effects(for: pattern)
        let played = try fixture.expectPlays(expected.count) { _ = try fixture.engine.playPattern(pattern) }
        let effects = played.compactMap(\.effect)
        #expect(effects == expected)
        #expect(effects.count > 2)
        #expect(effects.first?.delay == 0 && effects.first?.length == 100)
        // Consecutive pieces, each weaker than the one before.
        for (earlier, later) in zip(effects, effects.dropFirst()) {
            #expect(Int(earlier.delay) + Int(earlier.length) == Int(later.delay))
            #expect(earlier.level > later.level)
        }
    }

    @Test func patternsLongerThanTheSlotsMergeToFit() throws {
        var profile = VirtualHapticProfile.phoneVibrator()
        profile.effectSlots = 2
        let fixture = try HapticFixture(profile)
        let played = try fixture.expectPlays(2) { _ = try fixture.engine.playPattern(FeedbackPatterns.notification(.error), priority: .notification) }
        // Four taps in two slots: the closest pairs merged into two pulses.
        #expect(played.compactMap(\.effect) == [DocumentedEffects.rumble(57179, 57179, length: 94), DocumentedEffects.rumble(65535, 65535, length: 94, delay: 140)])
        #expect(fixture.hardware.mostResidentEffects <= 2)
    }
}
