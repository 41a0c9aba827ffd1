import ForceCore
import Testing

/// Progress is reported when it moves on by at least `progressStep`, and after turning back only
/// once force has changed by `hysteresis`, so sensor noise around a steady press does not flap.
@Suite("Preview interaction: progress reporting")
struct PreviewProgressReportingTests {
    private func run(_ forces: [Double], thresholds: PreviewThresholds = .standard) -> [InteractionLog.Call] {
        let interaction = PreviewInteraction(thresholds: thresholds)
        let log = InteractionLog(observing: interaction)
        var finger = ScriptedTouch(identifier: 1)
        for force in forces { interaction.update(with: [finger.press(force)]) }
        return log.calls
    }

    @Test func smallStepsAreNotReported() {
        let calls = run([1.25, 1.255, 1.2575, 1.265, 1.5])
        #expect(calls == [.shouldBegin(true), .preview(0.25, ended: false), .preview(0.265, ended: false), .preview(0.5, ended: false)])
    }

    @Test func turningBackNeedsTheHysteresis() {
        let calls = run([1.25, 1.5, 1.4375, 1.375, 1.4375, 1.5, 1.625])
        // Down by 0.0625 from 1.5: noise. Down by 0.125: reported. Up by 0.0625 from 1.375: noise,
        // up by 0.125: reported; then onward in the same direction by a step: reported.
        #expect(calls == [
            .shouldBegin(true), .preview(0.25, ended: false), .preview(0.5, ended: false), .preview(0.375, ended: false),
            .preview(0.5, ended: false), .preview(0.625, ended: false),
        ])
    }

    @Test func progressIsClampedAtZeroBelowBegin() {
        let calls = run([1.5, 0.5, 0.2, 1.25])
        #expect(calls == [
            .shouldBegin(true), .preview(0.5, ended: false), .preview(0, ended: false), .preview(0.25, ended: false),
        ])
    }

    @Test func commitProgressIsClampedAtZeroBelowPreviewEnd() {
        let calls = run([2.5, 1.0, 2.25])
        #expect(calls == [
            .shouldBegin(true), .preview(1, ended: true), .feedback(.peek), .commit(0.5, ended: false), .commit(0, ended: false),
            .commit(0.25, ended: false),
        ])
    }

    @Test func zeroStepReportsEveryChange() {
        let thresholds = PreviewThresholds(begin: 1, previewEnd: 2, commitEnd: 3, hysteresis: 0, progressStep: 0)
        let calls = run([1.5, 1.501, 1.5], thresholds: thresholds)
        #expect(calls == [
            .shouldBegin(true), .preview(0.5, ended: false), .preview(0.501, ended: false), .preview(0.5, ended: false),
        ])
    }
}
