/// What part of a session a plot shows, and how big it is.
public struct PlotOptions: Hashable, Sendable {
    /// The image width in pixels.
    public var width: Int
    /// The image height in pixels.
    public var height: Int
    /// The start of the time axis in seconds since the session began; nil for the start.
    public var from: Double?
    /// The end of the time axis in seconds since the session began; nil for the session's end.
    public var to: Double?
    /// The only touch to draw, with its interactions and haptics; nil for every touch.
    public var touchIdentifier: Int?

    /// The smallest image that still fits a title, axes and a legend.
    public static let minimumSize = (width: 320, height: 240)
    /// The largest image side accepted.
    public static let maximumSide = 20_000

    /// Creates options; by default the whole session, every touch, 960 × 540 pixels.
    public init(width: Int = 960, height: Int = 540, from: Double? = nil, to: Double? = nil, touchIdentifier: Int? = nil) {
        self.width = width
        self.height = height
        self.from = from
        self.to = to
        self.touchIdentifier = touchIdentifier
    }
}
