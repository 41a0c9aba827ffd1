import ForceCore

/// One member of a transcript line that differs from the golden line beyond tolerance.
public struct FieldChange: Hashable, Sendable {
    /// The member's key.
    public var key: String
    /// Its value now; nil when the line lacks it.
    public var actual: JSONValue?
    /// Its golden value; nil when the golden line lacks it.
    public var golden: JSONValue?
    /// How far numbers of this member may differ.
    public var allowance: Double

    /// Creates a change.
    public init(key: String, actual: JSONValue?, golden: JSONValue?, allowance: Double) {
        self.key = key
        self.actual = actual
        self.golden = golden
        self.allowance = allowance
    }

    /// The change in words: `progress 0.9731, golden 1 (off by 0.0269; tolerance 0.001)`,
    /// `ended false, golden true`, `source is new`, `source is missing`.
    public var description: String {
        guard let actual else { return "\(key) is missing (golden \(golden.map(Self.text) ?? "none"))" }
        guard let golden else { return "\(key) is new (\(Self.text(actual)))" }
        var text = "\(key) \(Self.text(actual)), golden \(Self.text(golden))"
        if let a = actual.number, let b = golden.number {
            let offBy = (a - b).magnitude
            if key == "time" {
                text += " (\(DecimalText.milliseconds(offBy)) \(a > b ? "later" : "earlier"); tolerance \(DecimalText.milliseconds(allowance)))"
            } else {
                text += " (off by \(DecimalText.trimmed(offBy, 4)); tolerance \(DecimalText.trimmed(allowance, 4)))"
            }
        }
        return text
    }

    /// A value as it reads in a message: strings without quotes.
    static func text(_ value: JSONValue) -> String {
        value.string ?? value.jsonText
    }
}
