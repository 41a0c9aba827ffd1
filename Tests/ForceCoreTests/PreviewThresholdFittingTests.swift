import ForceCore
import Testing

/// On devices whose `maximumPossibleForce` is too low for the thresholds, they are scaled so that
/// `commitEnd` sits at 90% of it and a full press still commits.
@Suite("Preview interaction: thresholds fitted to the device")
struct PreviewThresholdFittingTests {
    @Test func thresholdsScaleDownForALowMaximum() {
        let fitted = PreviewThresholds.standard.fitted(toMaximumForce: 2.5)
        #expect(isClose(fitted.commitEnd, 2.25))
        #expect(isClose(fitted.begin, 0.75))
        #expect(isClose(fitted.previewEnd, 1.5))
        #expect(isClose(fitted.hysteresis, 0.075))
        #expect(fitted.progressStep == 0.01)
    }

    @Test func thresholdsStayForAHighEnoughMaximum() {
        #expect(PreviewThresholds.standard.fitted(toMaximumForce: 20.0 / 3.0) == .standard)
        #expect(PreviewThresholds.standard.fitted(toMaximumForce: 3.0 / 0.9 + 1e-9) == .standard)
        #expect(PreviewThresholds.standard.fitted(toMaximumForce: 0) == .standard)
    }

    @Test func fullPressCommitsOnALowMaximumDevice() {
        let interaction = PreviewInteraction()
        let log = InteractionLog(observing: interaction)
        var finger = ScriptedTouch(identifier: 1, maximumPossibleForce: 2.5)
        interaction.update(with: [finger.press(0.7)])
        #expect(isClose(interaction.activeThresholds.commitEnd, 2.25))
        #expect(interaction.thresholds == .standard)
        interaction.update(with: [finger.press(1.125)])
        interaction.update(with: [finger.press(1.875)])
        interaction.update(with: [finger.press(2.5)])
        #expect(log.calls == [
            .shouldBegin(true), .preview(0.5, ended: false), .preview(1, ended: true), .feedback(.peek),
            .commit(0.5, ended: false), .commit(1, ended: true), .feedback(.pop),
        ])
    }

    @Test func pipelineFitsThresholdsToTheCalibratedMaximum() {
        // An average touch at 40% of the range: maximumPossibleForce 2.5.
        let pipeline = InputPipeline(device: TestDevices.slotTouchscreen(), calibration: ForceCalibration(averagePressureFraction: 0.4))
        let log = InteractionLog(observing: pipeline.interaction)
        #expect(isClose(pipeline.forceModel.maximumPossibleForce, 2.5))
        let time: Int64 = 1000
        pipeline.process([
            InputEvent(time: time, type: .abs, code: AbsCode.mtTrackingID, value: 1),
            InputEvent(time: time, type: .abs, code: AbsCode.mtPressure, value: 255),
            .report(at: time),
        ])
        #expect(log.calls.filter(\.isTerminal) == [.commit(1, ended: true)])
    }
}
