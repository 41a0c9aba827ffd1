import ForceCore

/// A field of a session's summary line, as `--expect` names it.
public enum SummaryField: String, Hashable, Sendable, CaseIterable {
    /// Events read.
    case events
    /// Frames (`SYN_REPORT`s) read.
    case frames
    /// Contacts that began.
    case touches
    /// The highest normalized force of any touch, 0...1.
    case peakNormalizedForce
    /// Preview transitions that ended (peeks).
    case previewsEnded
    /// Commit transitions that ended (pops).
    case commits
    /// Interactions cancelled.
    case cancels

    /// The field's value in `summary`.
    public func value(in summary: SessionSummary) -> Double {
        switch self {
        case .events: return Double(summary.events)
        case .frames: return Double(summary.frames)
        case .touches: return Double(summary.touches)
        case .peakNormalizedForce: return summary.peakNormalizedForce
        case .previewsEnded: return Double(summary.previewsEnded)
        case .commits: return Double(summary.commits)
        case .cancels: return Double(summary.cancels)
        }
    }

    /// Every field name, for messages.
    public static var names: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// The field `name` was probably meant to be: the same ignoring case, or the only one it
    /// starts (or that starts it).
    static func suggestion(for name: String) -> SummaryField? {
        let lowered = name.lowercased()
        if let same = allCases.first(where: { $0.rawValue.lowercased() == lowered }) { return same }
        let related = allCases.filter {
            let field = $0.rawValue.lowercased()
            return !lowered.isEmpty && (field.hasPrefix(lowered) || lowered.hasPrefix(field))
        }
        return related.count == 1 ? related[0] : nil
    }
}
