import ForceCore
import Testing

/// `--thresholds BEGIN,PREVIEW_END,COMMIT_END`: three rising numbers above zero.
struct PreviewThresholdsTextTests {
    @Test func threeRisingNumbers() throws {
        #expect(try PreviewThresholds(text: "1,2,3") == .standard)
        #expect(try PreviewThresholds(text: " 0.5, 1.5 ,4") == PreviewThresholds(begin: 0.5, previewEnd: 1.5, commitEnd: 4))
        #expect(throws: PreviewThresholds.TextError.notThreeNumbers) { try PreviewThresholds(text: "1,2") }
        #expect(throws: PreviewThresholds.TextError.notThreeNumbers) { try PreviewThresholds(text: "1,two,3") }
        #expect(throws: PreviewThresholds.TextError.notRising) { try PreviewThresholds(text: "2,1,3") }
        #expect(throws: PreviewThresholds.TextError.notRising) { try PreviewThresholds(text: "0,1,3") }
    }
}
