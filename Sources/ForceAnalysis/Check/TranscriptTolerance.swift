import ForceCore

/// How far two transcripts' numbers may differ and still match. Strings, booleans, `null`,
/// identifiers and counts must be equal; `time`, force-like values and positions may differ by
/// the allowances here.
///
/// The defaults allow for rounding in the last printed digit and for recordings re-timestamped
/// by a format conversion, and nothing more: a replay of the same recording through the same
/// pipeline gives the same transcript, so any real change to the pipeline (a threshold, a curve,
/// a tracking rule) shows.
public struct TranscriptTolerance: Hashable, Sendable {
    /// Seconds a `time` may differ by (default 0.001: one millisecond).
    public var time: Double
    /// Force units a force-like value may differ by: `force`, `normalizedForce`, `progress`,
    /// `peakNormalizedForce`, `maximumPossibleForce` (default 0.001; transcripts print four
    /// decimals).
    public var force: Double
    /// Device units a position (`x`, `y`) may differ by (default 0.01; transcripts print three
    /// decimals).
    public var position: Double

    /// Creates a tolerance; negative allowances count as 0.
    public init(time: Double = 0.001, force: Double = 0.001, position: Double = 0.01) {
        self.time = max(0, time)
        self.force = max(0, force)
        self.position = max(0, position)
    }

    /// The defaults.
    public static let standard = TranscriptTolerance()
    /// Every number must be equal.
    public static let exact = TranscriptTolerance(time: 0, force: 0, position: 0)

    /// The members whose values are forces (or fractions of a force range, or progress).
    public static let forceKeys: Set<String> = ["force", "normalizedForce", "progress", "peakNormalizedForce", "maximumPossibleForce"]
    /// The members whose values are positions.
    public static let positionKeys: Set<String> = ["x", "y"]

    /// How far the numbers of member `key` may differ.
    public func allowance(for key: String) -> Double {
        if key == "time" { return time }
        if Self.forceKeys.contains(key) { return force }
        if Self.positionKeys.contains(key) { return position }
        return 0
    }

    /// Whether `actual` matches `golden` as values of member `key`: numbers within the key's
    /// allowance, arrays element by element, objects member by member (each by its own key).
    public func matches(_ actual: JSONValue, _ golden: JSONValue, key: String) -> Bool {
        switch (actual, golden) {
        case (.number(let a), .number(let b)):
            return (a - b).magnitude <= allowance(for: key) + 1e-9
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1, key: key) }
        case (.object(let a), .object(let b)):
            return changes(a, b).isEmpty
        default:
            return actual == golden
        }
    }

    /// The members of two objects that do not match, in the order of `actual` and then the
    /// golden's members that `actual` lacks.
    public func changes(_ actual: [JSONMember], _ golden: [JSONMember]) -> [FieldChange] {
        var changes: [FieldChange] = []
        for member in actual {
            let other = golden.first { $0.key == member.key }?.value
            if let other, matches(member.value, other, key: member.key) { continue }
            changes.append(FieldChange(key: member.key, actual: member.value, golden: other, allowance: allowance(for: member.key)))
        }
        for member in golden where !actual.contains(where: { $0.key == member.key }) {
            changes.append(FieldChange(key: member.key, actual: nil, golden: member.value, allowance: allowance(for: member.key)))
        }
        return changes
    }
}
