/// The comparison for people: a headline, the first difference with the lines around it
/// (`-` golden, `+` now), what differs there, and what changed in the session.
extension TranscriptComparison {
    /// The most lines of each run shown.
    static let shownRunLines = 4

    /// The report: one line when the transcripts match; otherwise the first difference with
    /// `contextLines` lines around it and at most `maximumChanges` findings.
    public func report(contextLines: Int = 2, maximumChanges: Int = 8) -> String {
        guard let difference else {
            return "\(actual.source) matches golden \(golden.source) (\(DecimalText.counted(golden.lines.count, "line", "lines")))\n"
        }
        var text = "\(actual.source) differs from golden \(golden.source)\n"
        let goldenStart = difference.golden.lowerBound < golden.lines.count ? "golden line \(golden.lines[difference.golden.lowerBound].number)" : "the golden's end"
        let actualStart = difference.actual.lowerBound < actual.lines.count ? "line \(actual.lines[difference.actual.lowerBound].number)" : "the end"
        text += "first difference at \(actualStart) (\(goldenStart)):\n"
        let before = max(0, difference.actual.lowerBound - max(0, contextLines))
        for line in actual.lines[before..<difference.actual.lowerBound] { text += Self.shown(line, mark: " ") }
        text += Self.shownRun(golden.lines[difference.golden], mark: "-", side: "golden")
        text += Self.shownRun(actual.lines[difference.actual], mark: "+", side: "new")
        let afterEnd = min(actual.lines.count, difference.actual.upperBound + max(0, contextLines))
        for line in actual.lines[difference.actual.upperBound..<afterEnd] { text += Self.shown(line, mark: " ") }
        text += "there: \(explanation(of: difference))\n"
        if !changes.isEmpty {
            text += "what changed in the session:\n"
            for change in changes.prefix(maximumChanges) { text += "  \(change)\n" }
            if changes.count > maximumChanges { text += "  … and \(changes.count - maximumChanges) more\n" }
        }
        return text
    }

    /// The first line of the report, for a summary table or a JUnit failure message.
    public var headline: String {
        guard let difference else { return "matches golden \(golden.source)" }
        let explanation = explanation(of: difference)
        let line = difference.actual.lowerBound < actual.lines.count ? "line \(actual.lines[difference.actual.lowerBound].number)" : "the end"
        return "differs from golden \(golden.source) at \(line): \(explanation)"
    }

    /// What differs at the first difference, in domain words.
    public func explanation(of difference: LineDifference) -> String {
        switch difference.kind {
        case .missing:
            let lines = golden.lines[difference.golden]
            return "\(DecimalText.counted(lines.count, "golden line is", "golden lines are")) missing, from \(Self.brief(lines.first))"
        case .added:
            let lines = actual.lines[difference.actual]
            return "\(DecimalText.counted(lines.count, "line is", "lines are")) new, from \(Self.brief(lines.first))"
        case .changed:
            let now = actual.lines[difference.actual.lowerBound]
            let before = golden.lines[difference.golden.lowerBound]
            guard now.type == before.type else {
                return "\(Self.brief(now)) where the golden has \(Self.brief(before))"
            }
            let changes = difference.fieldChanges.map(\.description).joined(separator: "; ")
            return "\(Self.brief(before)): \(changes.isEmpty ? "the lines differ" : changes)"
        }
    }

    /// A line in a few words: `touch 1 moved at 0.350 s`, `commit 1 ended at 0.823 s`.
    static func brief(_ line: TranscriptLine?) -> String {
        guard let line else { return "nothing" }
        let time = line.time.map { " at \(DecimalText.seconds($0))" } ?? ""
        switch line.type {
        case "touch":
            return "touch \(line.touchIdentifier.map(String.init) ?? "?") \(line.phase ?? "")\(time)"
        case "interaction":
            let event = line.event ?? "?"
            let progress = line["progress"]?.number.map { " " + DecimalText.trimmed($0, 4) } ?? ""
            let ended = line["ended"]?.bool == true ? " ended" : ""
            return "\(event)\(progress)\(ended)\(time)"
        case "summary": return "the summary"
        case "device": return "the device line"
        default: return "a \(line.type) line\(time)"
        }
    }

    private static func shown(_ line: TranscriptLine, mark: Character) -> String {
        let number = String(line.number)
        return "  \(mark) \(String(repeating: " ", count: max(0, 5 - number.count)))\(number)  \(line.text)\n"
    }

    private static func shownRun(_ lines: ArraySlice<TranscriptLine>, mark: Character, side: String) -> String {
        var text = lines.prefix(shownRunLines).map { shown($0, mark: mark) }.joined()
        if lines.count > shownRunLines {
            text += "  \(mark)        … \(DecimalText.counted(lines.count - shownRunLines, "more \(side) line", "more \(side) lines"))\n"
        }
        return text
    }
}
