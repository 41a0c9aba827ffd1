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
    /// What the interactions did.
    public var interactions = PreviewInteraction.Statistics()

    /// Creates an empty summary.
    public init() {}

    /// Preview transitions that ended.
    public var previewsEnded: Int { interactions.previewsEnded }
    /// Commit transitions that ended.
    public var commits: Int { interactions.commits }
    /// Interactions cancelled.
    public var cancels: Int { interactions.cancels }
    /// Interactions that ended by performing an action.
    public var actionsPerformed: Int { interactions.actionsPerformed }
}
