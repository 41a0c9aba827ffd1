import ForceCore

/// A quick expectation over a session's summary, as `--expect` gives it: `commits=1`,
/// `cancels=0`, `touches>=2`, `peakNormalizedForce>0.5` (operators `=` or `==`, `!=`, `<`,
/// `<=`, `>`, `>=`; fields as `SummaryField` names them).
public struct SummaryExpectation: Hashable, Sendable, CustomStringConvertible {
    /// How the value is compared.
    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        /// `=` (or `==`).
        case equal = "="
        /// `!=`.
        case notEqual = "!="
        /// `<`.
        case less = "<"
        /// `<=`.
        case lessOrEqual = "<="
        /// `>`.
        case greater = ">"
        /// `>=`.
        case greaterOrEqual = ">="

        /// Whether `value` compares so with `expected`.
        public func holds(_ value: Double, _ expected: Double) -> Bool {
            switch self {
            case .equal: return value == expected
            case .notEqual: return value != expected
            case .less: return value < expected
            case .lessOrEqual: return value <= expected
            case .greater: return value > expected
            case .greaterOrEqual: return value >= expected
            }
        }
    }

    /// The summary field.
    public var field: SummaryField
    /// The comparison.
    public var comparison: Comparison
    /// The value compared with.
    public var value: Double

    /// Creates an expectation.
    public init(_ field: SummaryField, _ comparison: Comparison, _ value: Double) {
        self.field = field
        self.comparison = comparison
        self.value = value
    }

    /// Reads `FIELD OP VALUE` (spaces allowed around the operator).
    /// - Throws: `ExpectationError` saying what was expected, with the known fields for an
    ///   unknown one.
    public init(parsing text: String) throws(ExpectationError) {
        let characters = Array(text)
        guard let start = characters.firstIndex(where: { "=!<>".contains($0) }) else {
            throw ExpectationError(text: text, message: "expected FIELD=VALUE (or FIELD!=, <, <=, >, >= VALUE), such as commits=1")
        }
        var end = start
        while end < characters.count, "=!<>".contains(characters[end]) { end += 1 }
        let symbol = String(characters[start..<end])
        let name = String(characters[..<start]).trimmed
        let number = String(characters[end...]).trimmed
        guard let comparison = symbol == "==" ? .equal : Comparison(rawValue: symbol) else {
            throw ExpectationError(text: text, message: "'\(symbol)' is not a comparison; use =, !=, <, <=, > or >=")
        }
        guard !name.isEmpty else { throw ExpectationError(text: text, message: "expected a summary field before '\(symbol)' (\(SummaryField.names))") }
        guard let field = SummaryField(rawValue: name) else {
            let hint = SummaryField.suggestion(for: name).map { " (did you mean \($0.rawValue)?)" } ?? ""
            throw ExpectationError(text: text, message: "unknown summary field '\(name)'\(hint); the fields are \(SummaryField.names)")
        }
        guard let value = Double(number), value.isFinite else {
            throw ExpectationError(text: text, message: "expected a number after '\(symbol)', found '\(number)'")
        }
        self.init(field, comparison, value)
    }

    /// `commits=1`.
    public var description: String {
        "\(field.rawValue)\(comparison.rawValue)\(DecimalText.trimmed(value, 6))"
    }

    /// Whether `summary` meets the expectation.
    public func holds(for summary: SessionSummary) -> Bool {
        comparison.holds(field.value(in: summary), value)
    }

    /// Tests the expectation against a transcript's summary line.
    public func evaluate(_ transcript: Transcript) -> ExpectationResult {
        guard let summary = transcript.summary else {
            return ExpectationResult(expectation: self, actual: nil, problem: "the transcript has no summary line")
        }
        guard let actual = summary[field.rawValue]?.number else {
            return ExpectationResult(expectation: self, actual: nil, problem: "the summary line (line \(summary.number)) has no number \"\(field.rawValue)\"")
        }
        return ExpectationResult(expectation: self, actual: actual, problem: nil)
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmed: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
