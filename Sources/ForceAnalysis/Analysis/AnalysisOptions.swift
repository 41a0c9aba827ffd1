/// Choices for `RecordingAnalysis`.
public struct AnalysisOptions: Hashable, Sendable {
    /// An interval longer than this many median intervals is a gap (default 2: one report
    /// missed).
    public var gapFactor: Double
    /// The number of bins of each contact's pressure histogram (default 16).
    public var histogramBins: Int

    /// Creates options.
    public init(gapFactor: Double = 2, histogramBins: Int = 16) {
        self.gapFactor = gapFactor > 1 ? gapFactor : 2
        self.histogramBins = max(1, histogramBins)
    }
}
