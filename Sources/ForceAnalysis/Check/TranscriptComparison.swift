/// A transcript compared with a golden one, line by line within a tolerance: whether they match,
/// where they first differ (with the run of lines after which they agree again), and what
/// changed in the session in domain words (a missing commit, a touch that began later, a
/// summary count).
///
/// Transcripts of the same recording through the same pipeline match line for line; lines
/// are compared member by member (`TranscriptTolerance`).
public struct TranscriptComparison: Sendable {
    /// The transcript under test.
    public let actual: Transcript
    /// The transcript it must match.
    public let golden: Transcript
    /// The allowances used.
    public let tolerance: TranscriptTolerance
    /// The first difference; nil when the transcripts match.
    public let difference: LineDifference?
    /// What changed in the session, in domain words (empty when the transcripts match).
    public let changes: [String]

    /// How many lines past a difference are searched for the place where the transcripts agree again.
    public static let resynchronizationWindow = 64
    /// How many lines in a row must match for the transcripts to agree again.
    static let agreementRun = 3

    /// Compares `actual` with `golden`.
    public init(actual: Transcript, golden: Transcript, tolerance: TranscriptTolerance = .standard) {
        self.actual = actual
        self.golden = golden
        self.tolerance = tolerance
        let difference = Self.firstDifference(actual.lines, golden.lines, tolerance: tolerance)
        self.difference = difference
        changes = difference == nil ? [] : OutlineComparison(
            actual: TranscriptOutline(actual), golden: TranscriptOutline(golden), tolerance: tolerance).changes
    }

    /// Whether the transcripts match within the tolerance.
    public var matches: Bool { difference == nil }

    /// Whether two lines match within `tolerance`.
    static func lineMatches(_ actual: TranscriptLine, _ golden: TranscriptLine, tolerance: TranscriptTolerance) -> Bool {
        tolerance.changes(actual.members, golden.members).isEmpty
    }

    static func firstDifference(_ actual: [TranscriptLine], _ golden: [TranscriptLine], tolerance: TranscriptTolerance) -> LineDifference? {
        var index = 0
        while index < actual.count, index < golden.count, lineMatches(actual[index], golden[index], tolerance: tolerance) {
            index += 1
        }
        if index == actual.count && index == golden.count { return nil }
        let (goldenEnd, actualEnd) = resynchronize(actual, golden, from: index, tolerance: tolerance)
        let goldenRun = index..<goldenEnd
        let actualRun = index..<actualEnd
        if actualRun.isEmpty { return LineDifference(kind: .missing, golden: goldenRun, actual: actualRun) }
        if goldenRun.isEmpty { return LineDifference(kind: .added, golden: goldenRun, actual: actualRun) }
        let changes = tolerance.changes(actual[index].members, golden[index].members)
        return LineDifference(kind: .changed, golden: goldenRun, actual: actualRun, fieldChanges: changes)
    }

    /// The first lines after `start` (golden, actual) from which the transcripts agree again for
    /// `agreementRun` lines (or to their ends), nearest first; one line each when none is found
    /// within the window.
    private static func resynchronize(_ actual: [TranscriptLine], _ golden: [TranscriptLine], from start: Int, tolerance: TranscriptTolerance) -> (Int, Int) {
        let window = resynchronizationWindow
        for total in 1...(2 * window) {
            for skippedGolden in max(0, total - window)...min(total, window) {
                let g = start + skippedGolden
                let a = start + total - skippedGolden
                guard g <= golden.count, a <= actual.count else { continue }
                if agree(actual, golden, from: a, g, tolerance: tolerance) { return (g, a) }
            }
        }
        return (min(start + 1, golden.count), min(start + 1, actual.count))
    }

    /// Whether the transcripts agree for `agreementRun` lines from `a` and `g`, or both end
    /// together within them.
    private static func agree(_ actual: [TranscriptLine], _ golden: [TranscriptLine], from a: Int, _ g: Int, tolerance: TranscriptTolerance) -> Bool {
        for offset in 0..<agreementRun {
            let atActualEnd = a + offset >= actual.count
            let atGoldenEnd = g + offset >= golden.count
            if atActualEnd || atGoldenEnd { return atActualEnd && atGoldenEnd }
            if !lineMatches(actual[a + offset], golden[g + offset], tolerance: tolerance) { return false }
        }
        return true
    }
}
