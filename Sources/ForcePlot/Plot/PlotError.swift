/// Why a plot cannot be drawn with the options given. Each description says what to change.
public enum PlotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The requested touch is not in the session; `available` lists the ones that are.
    case unknownTouch(Int, available: [Int])
    /// The time range is empty or reversed.
    case emptyTimeRange(from: Double, to: Double)
    /// A bound of the time range is negative or not a number.
    case invalidTime(Double)
    /// The time range starts after the session ends.
    case timeRangeAfterSession(from: Double, duration: Double)
    /// The image is too small or too large.
    case invalidSize(width: Int, height: Int)

    public var description: String {
        switch self {
        case .unknownTouch(let identifier, let available):
            let list = available.isEmpty
                ? "the session has no touches"
                : "the session's touches are \(available.map(String.init).joined(separator: ", "))"
            return "touch \(identifier) is not in this session; \(list)"
        case .emptyTimeRange(let from, let to):
            return "the time range \(seconds(from))...\(seconds(to)) is empty; the start must come before the end"
        case .invalidTime(let time):
            return "the time \(time) is not a number of seconds at or after the session's start (0)"
        case .timeRangeAfterSession(let from, let duration):
            return "the time range starts at \(seconds(from)), after the session ends at \(seconds(duration)); choose a start below \(seconds(duration))"
        case .invalidSize(let width, let height):
            let minimum = PlotOptions.minimumSize
            return "a plot of \(width) × \(height) pixels cannot be drawn; use at least \(minimum.width) × \(minimum.height) and at most \(PlotOptions.maximumSide) on each side"
        }
    }

    private func seconds(_ value: Double) -> String {
        SVGWriter.fixed(value, decimals: 3) + " s"
    }
}
