/// What happened in a session, as the `summary` line of `forcebridge replay` reports it.
public struct SessionSummary: Hashable, Sendable {
    /// Events read.
    public var events = 0
    /// Frames (`SYN_REPORT`s) read.
    public var frames = 0
    /// Contacts that began (a pen counts when its tip goes down).
    public var touches = 0
    /// The highest normalized force any touch reached, 0...1.
    public var peakNormalizedForce = 0.0
    /// Preview transitions that ended.
    public var previewsEnded = 0
    /// Commit transitions that ended.
    public var commits = 0
    /// Interactions cancelled.
    public var cancels = 0
    /// Interactions that ended by performing an action.
    public var actionsPerformed = 0

    /// Creates an empty summary.
    public init() {}
}
