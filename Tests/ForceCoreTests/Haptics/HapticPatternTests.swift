import ForceCore
import Testing

/// Events, parameter curves and how curves shape a pattern's events.
@Suite("Haptics: patterns and parameter curves")
struct HapticPatternTests {
    @Test func eventsClampAndSort() {
        let pattern = HapticPattern(events: [
            .transient(at: 0.2, intensity: 2, sharpness: -1), .continuous(at: -1, duration: 0.5, intensity: .nan),
        ])
        #expect(pattern.events.map(\.time) == [0, 0.2])
        #expect(pattern.events[1].intensity == 1 && pattern.events[1].sharpness == 0)
        #expect(pattern.events[0].intensity == 0)
        #expect(pattern.duration == 0.5)
    }

    @Test func curvesInterpolateLinearlyAndHoldTheirLastValue() {
        let curve = HapticParameterCurve(parameter: .intensityControl, time: 1, controlPoints: [
            .init(time: 0, value: 1), .init(time: 0.5, value: 0.5), .init(time: 1, value: 0),
        ])
        #expect(curve.value(at: 0.5) == nil)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: 1.25) == 0.75)
        #expect(curve.value(at: 1.75) == 0.25)
        #expect(curve.value(at: 5) == 0)
    }

    @Test func aTransientTakesTheControlValuesAtItsTime() {
        let pattern = HapticPattern(events: [.transient(at: 0.5, intensity: 0.8, sharpness: 0.5)], parameterCurves: [
            .step(.intensityControl, to: 0.5, at: 0.25), .step(.sharpnessControl, to: 0.3, at: 0),
        ])
        let resolved = pattern.resolvedEvents()
        #expect(resolved.count == 1)
        #expect(abs(resolved[0].intensity - 0.4) < 1e-12)
        #expect(abs(resolved[0].sharpness - 0.8) < 1e-12)
    }

    @Test func aLaterCurveTakesOver() {
        let pattern = HapticPattern(events: [.transient(at: 1, intensity: 1)], parameterCurves: [
            .step(.intensityControl, to: 0.5, at: 0.5), .step(.intensityControl, to: 0.25, at: 0.1),
        ])
        #expect(pattern.resolvedEvents().first?.intensity == 0.5)
    }

    @Test func aContinuousEventIsCutWhereTheControlsChange() {
        // A 1 s buzz faded out linearly over its second half: constant first, then 50 ms steps.
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 1)], parameterCurves: [
            HapticParameterCurve(parameter: .intensityControl, time: 0.5, controlPoints: [.init(time: 0, value: 1), .init(time: 0.5, value: 0)]),
        ])
        let pieces = pattern.resolvedEvents(resolution: 0.05)
        #expect(pieces.first == .continuous(at: 0, duration: 0.5, intensity: 1))
        #expect(pieces.count == 11)
        let intensities = pieces.map(\.intensity)
        #expect(zip(intensities, intensities.dropFirst()).allSatisfy { $0 > $1 })
        let end = pieces.last.map { $0.time + $0.duration } ?? 0
        #expect(abs(end - 1) < 1e-9)
        #expect(pieces.allSatisfy { !$0.isTransient })
    }

    @Test func eventsSilencedByACurveDisappear() {
        let pattern = HapticPattern(events: [.transient(at: 0.1), .transient(at: 0.6)], parameterCurves: [.step(.intensityControl, to: 0, at: 0.5)])
        #expect(pattern.resolvedEvents().map(\.time) == [0.1])
    }

    @Test func scalingMultipliesEveryIntensity() {
        let pattern = FeedbackPatterns.notification(.success).scaled(by: 0.5)
        #expect(pattern.events.map(\.intensity) == [0.275, 0.5])
    }
}
