/// What `check` does with every recording: the expectations, the tolerance, and whether golden
/// transcripts are written.
package struct CheckSettings: Sendable {
    /// The `--expect` expectations.
    package var expectations: [SummaryExpectation]
    /// How far transcripts may differ from their goldens.
    package var tolerance: TranscriptTolerance
    /// Whether golden transcripts are written rather than compared with.
    package var update: Bool

    package init(expectations: [SummaryExpectation], tolerance: TranscriptTolerance, update: Bool) {
        self.expectations = expectations
        self.tolerance = tolerance
        self.update = update
    }

    /// What the run compared with, for the JUnit report.
    package func properties(thresholds: String?) -> [(name: String, value: String)] {
        var properties = [
            (name: "timeTolerance", value: String(tolerance.time)), (name: "forceTolerance", value: String(tolerance.force)),
            (name: "positionTolerance", value: String(tolerance.position)),
        ]
        if let thresholds { properties.append((name: "thresholds", value: thresholds)) }
        properties += expectations.map { (name: "expect", value: $0.description) }
        return properties
    }
}
