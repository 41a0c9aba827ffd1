/// A stretch of a preview interaction's life, as a plot shades it.
public enum InteractionPhase: String, Hashable, Sendable, CaseIterable {
    /// From `shouldBegin` to the end of the preview transition ("peek").
    case preview
    /// From the peek to the end of the commit transition ("pop").
    case commit
    /// From the pop until the driving touch lifts.
    case completed
    /// From the cancel until the driving touch lifts (often the same moment).
    case cancelled

    /// The name used in legends and SVG classes.
    public var label: String { rawValue }
}
