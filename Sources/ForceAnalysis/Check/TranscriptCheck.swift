/// One recording checked: its transcript against a golden one, its summary against
/// expectations, or both. What `forcebridge check` reports per file, and turns into a JUnit
/// test case.
public struct TranscriptCheck: Sendable {
    /// The name of what was checked (the recording's path).
    public var name: String
    /// The golden comparison, when a golden transcript was given.
    public var comparison: TranscriptComparison?
    /// The expectations tested, in the order given.
    public var expectations: [ExpectationResult]

    /// Checks `transcript` against `golden` (if given) within `tolerance`, and against
    /// `expectations`.
    public init(name: String, transcript: Transcript, golden: Transcript? = nil, expectations: [SummaryExpectation] = [], tolerance: TranscriptTolerance = .standard) {
        self.name = name
        comparison = golden.map { TranscriptComparison(actual: transcript, golden: $0, tolerance: tolerance) }
        self.expectations = expectations.map { $0.evaluate(transcript) }
    }

    /// Whether the golden transcript matches and every expectation holds.
    public var passed: Bool {
        (comparison?.matches ?? true) && expectations.allSatisfy(\.holds)
    }

    /// One line: what failed first, or that everything held.
    public var headline: String {
        if let comparison, !comparison.matches { return comparison.headline }
        if let failed = expectations.first(where: { !$0.holds }) { return failed.description }
        var held: [String] = []
        if let comparison { held.append(comparison.headline) }
        if !expectations.isEmpty { held.append("\(DecimalText.counted(expectations.count, "expectation holds", "expectations hold"))") }
        return held.isEmpty ? "nothing to check" : held.joined(separator: "; ")
    }

    /// The full report: the golden comparison's, then each expectation.
    public var report: String {
        var text = ""
        if let comparison { text += comparison.report() }
        for result in expectations { text += result.description + "\n" }
        return text
    }

    /// The check as a JUnit test case that took `time` seconds.
    public func testCase(className: String = "forcebridge.check", time: Double = 0) -> JUnitTestCase {
        JUnitTestCase(
            name: name, className: className, time: time,
            outcome: passed ? .passed : .failed(message: headline, details: report), systemOut: report)
    }
}
