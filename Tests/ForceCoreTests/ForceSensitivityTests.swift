import ForceCore
import PropertyBased
import Testing

/// The force sensitivity scales the thresholds: `firm` needs measurably more force than
/// `medium`, and `medium` more than `light`, on touchscreens and on pens.
@Suite("Force sensitivity")
struct ForceSensitivityTests {
    /// `maximumPossibleForce` of a touchscreen at the default calibration (average at 15 %).
    static let touchscreenMaximum = 1 / 0.15
    /// `maximumPossibleForce` of a pen at the default calibration (average at 24 %).
    static let penMaximum = 1 / 0.24

    func thresholds(_ sensitivity: ForceSensitivity, maximum: Double) -> [Double] {
        let interaction = PreviewInteraction(sensitivity: TouchSensitivity(force: sensitivity))
        let limits = interaction.thresholds(forMaximumForce: maximum)
        return [limits.begin, limits.previewEnd, limits.commitEnd, limits.hysteresis].map { ($0 * 1000).rounded() / 1000 }
    }

    @Test func theThresholdsOnATouchscreen() {
        #expect(thresholds(.light, maximum: Self.touchscreenMaximum) == [0.7, 1.4, 2.1, 0.07])
        #expect(thresholds(.medium, maximum: Self.touchscreenMaximum) == [1, 2, 3, 0.1])
        #expect(thresholds(.firm, maximum: Self.touchscreenMaximum) == [1.4, 2.8, 4.2, 0.14])
    }

    @Test func theThresholdsOnAPenAreFittedToItsRange() {
        // Firm's 4.2 is above 90 % of 4.17, so it is fitted down to 3.75: still above medium's 3.
        #expect(thresholds(.light, maximum: Self.penMaximum) == [0.7, 1.4, 2.1, 0.07])
        #expect(thresholds(.medium, maximum: Self.penMaximum) == [1, 2, 3, 0.1])
        #expect(thresholds(.firm, maximum: Self.penMaximum) == [1.25, 2.5, 3.75, 0.125])
    }

    @Test func mediumLeavesConfiguredThresholdsAsGiven() {
        let custom = PreviewThresholds(begin: 0.5, previewEnd: 1.5, commitEnd: 2.5, hysteresis: 0.05)
        let interaction = PreviewInteraction(thresholds: custom)
        #expect(interaction.thresholds(forMaximumForce: 10) == custom)
        #expect(ForceSensitivity.standard == .medium)
    }

    /// The forces at which a steady ramp from 0 to `peak` begins, peeks and commits (nil: never).
    func milestones(_ sensitivity: ForceSensitivity, peak: Double, maximum: Double) -> [Double?] {
        let interaction = PreviewInteraction(sensitivity: TouchSensitivity(force: sensitivity))
        let log = InteractionLog(observing: interaction)
        var finger = ScriptedTouch(identifier: 1, maximumPossibleForce: maximum)
        var reached: [Double?] = [nil, nil, nil]
        for step in 0...400 {
            let force = peak * Double(step) / 400
            let before = log.calls.count
            interaction.update(with: [finger.press(force)])
            for call in log.calls[before...] {
                switch call {
                case .shouldBegin(true): reached[0] = reached[0] ?? force
                case .preview(_, ended: true): reached[1] = reached[1] ?? force
                case .commit(_, ended: true): reached[2] = reached[2] ?? force
                default: break
                }
            }
        }
        interaction.update(with: [finger.lift()])
        return reached
    }

    @Test func aFirmSettingNeedsMoreForceForTheSamePress() throws {
        // One press rising to force 4.0 on a touchscreen (60 % of its range).
        let light = milestones(.light, peak: 4, maximum: Self.touchscreenMaximum)
        let medium = milestones(.medium, peak: 4, maximum: Self.touchscreenMaximum)
        let firm = milestones(.firm, peak: 4, maximum: Self.touchscreenMaximum)
        #expect(light.map { $0.map { ($0 * 100).rounded() / 100 } } == [0.7, 1.4, 2.1])
        #expect(medium.map { $0.map { ($0 * 100).rounded() / 100 } } == [1, 2, 3])
        #expect(firm.map { $0.map { ($0 * 100).rounded() / 100 } } == [1.4, 2.8, nil], "4.0 does not reach firm's commit at 4.2")
    }

    @Test func aFirmerSettingNeverDoesMoreThanALighterOne() async {
        await propertyCheck(count: 300, input: Gen.double(in: 0...1).array(of: 1...50), Gen.double(in: 0.5...10)) { fractions, maximum in
            func counts(_ sensitivity: ForceSensitivity) -> [Int] {
                let interaction = PreviewInteraction(sensitivity: TouchSensitivity(force: sensitivity))
                var finger = ScriptedTouch(identifier: 1, maximumPossibleForce: maximum)
                for fraction in fractions { interaction.update(with: [finger.press(fraction * maximum)]) }
                interaction.update(with: [finger.lift()])
                let statistics = interaction.statistics
                return [statistics.began, statistics.previewsEnded, statistics.commits]
            }
            let light = counts(.light)
            let medium = counts(.medium)
            let firm = counts(.firm)
            #expect(zip(firm, medium).allSatisfy { $0 <= $1 }, "firm \(firm) medium \(medium)")
            #expect(zip(medium, light).allSatisfy { $0 <= $1 }, "medium \(medium) light \(light)")
        }
    }

    @Test func thePipelinePassesTheSensitivityOn() {
        let pipeline = InputPipeline(device: TestDevices.slotTouchscreen(), sensitivity: TouchSensitivity(force: .firm, touchDuration: .slow))
        #expect(pipeline.interaction.sensitivity.force == .firm)
        #expect(pipeline.interaction.hapticTouchTiming == .slow)
        #expect(isClose(pipeline.interaction.thresholds(forMaximumForce: Self.touchscreenMaximum).commitEnd, 4.2))
    }
}
