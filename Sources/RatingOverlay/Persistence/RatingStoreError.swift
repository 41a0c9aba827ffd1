/// A ratings file that cannot be written or read, with the system's reason.
public struct RatingStoreError: Error, CustomStringConvertible, Hashable, Sendable {
    /// The file or directory concerned.
    public var path: String
    /// What went wrong.
    public var message: String

    public var description: String { "\(path): \(message)" }
}
