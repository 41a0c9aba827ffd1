/// An expectation tested against a transcript: the value found, and whether it holds.
public struct ExpectationResult: Hashable, Sendable, CustomStringConvertible {
    /// The expectation.
    public var expectation: SummaryExpectation
    /// The summary's value, nil when the transcript lacks it.
    public var actual: Double?
    /// Why the value could not be found, if it could not.
    public var problem: String?

    /// Whether the expectation holds.
    public var holds: Bool {
        guard problem == nil, let actual else { return false }
        return expectation.comparison.holds(actual, expectation.value)
    }

    /// `commits=1 holds (1)` or `commits=1 failed: commits is 0`.
    public var description: String {
        if let problem { return "\(expectation) cannot be tested: \(problem)" }
        let value = actual.map { DecimalText.trimmed($0, 6) } ?? "?"
        return holds ? "\(expectation) holds (\(value))" : "\(expectation) failed: \(expectation.field.rawValue) is \(value)"
    }
}
