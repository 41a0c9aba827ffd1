/// The n-th interaction of two sessions side by side.
public struct InteractionComparison: Hashable, Sendable {
    /// Session A's, nil when A had fewer.
    public var a: InteractionOutcome?
    /// Session B's, nil when B had fewer.
    public var b: InteractionOutcome?

    /// Whether both ended the same way.
    public var hasSameResult: Bool { a?.result == b?.result }
}
