/// A pause in a device's reports while something was touching or in proximity: longer than the
/// gap factor times the usual interval.
public struct ReportGap: Hashable, Sendable {
    /// When the pause began (the last report before it), in seconds since the first event.
    public var start: Double
    /// Its length in seconds.
    public var length: Double
}
