/// Where a transcript first departs from its golden one: a run of golden lines and a run of
/// actual lines (indices into each transcript's `lines`) after which the two agree again.
public struct LineDifference: Hashable, Sendable {
    /// How the runs relate.
    public enum Kind: String, Hashable, Sendable {
        /// Lines differ in their values (the runs replace each other).
        case changed
        /// Golden lines are missing: the actual run is empty.
        case missing
        /// Lines are new: the golden run is empty.
        case added
    }

    /// How the runs relate.
    public var kind: Kind
    /// The golden lines of the difference (indices into the golden transcript's `lines`).
    public var golden: Range<Int>
    /// The actual lines of the difference (indices into the actual transcript's `lines`).
    public var actual: Range<Int>
    /// For a changed line: its members that differ from the golden line's.
    public var fieldChanges: [FieldChange] = []
}
