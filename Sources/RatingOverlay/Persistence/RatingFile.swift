/// The content of `ratings.json`: ratings by emoji, with a format marker and version.
///
/// ```json
/// {
///   "format" : "forcebridge-ratings",
///   "ratings" : { "🐙" : "up" },
///   "version" : 1
/// }
/// ```
public struct RatingFile: Encodable, Hashable, Sendable {
    /// The format marker every ratings file carries.
    public static let formatName = "forcebridge-ratings"
    /// The version written.
    public static let currentVersion = 1

    /// Always `formatName`.
    public var format: String
    /// The version; only `currentVersion` is read.
    public var version: Int
    /// Ratings by emoji.
    public var ratings: [String: Rating]

    /// Creates a file with `ratings`.
    public init(ratings: [String: Rating]) {
        format = Self.formatName
        version = Self.currentVersion
        self.ratings = ratings
    }
}
