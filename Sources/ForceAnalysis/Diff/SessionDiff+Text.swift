import ForcePlot

/// The diff for people: both sessions' devices and summaries in columns, each contact pair with
/// its shift and largest force difference, each interaction pair, and a verdict.
extension SessionDiff {
    /// The diff as text.
    public var text: String {
        var lines = ["A: \(a.label) — \(Self.describe(a.session.device))", "B: \(b.label) — \(Self.describe(b.session.device))"]
        let rows: [(String, String, String)] = [
            ("", "A", "B"),
            ("duration", DecimalText.seconds(a.session.duration), DecimalText.seconds(b.session.duration)),
            ("touches", String(a.summary.touches), String(b.summary.touches)),
            ("previews ended", String(a.summary.previewsEnded), String(b.summary.previewsEnded)),
            ("commits", String(a.summary.commits), String(b.summary.commits)),
            ("cancels", String(a.summary.cancels), String(b.summary.cancels)),
            ("peak normalized force", DecimalText.fixed(a.summary.peakNormalizedForce, 4), DecimalText.fixed(b.summary.peakNormalizedForce, 4)),
        ]
        let widths = (rows.map(\.0.count).max() ?? 0, max(10, rows.map(\.1.count).max() ?? 0), max(10, rows.map(\.2.count).max() ?? 0))
        for (name, first, second) in rows {
            lines.append("  " + Self.padded(name, widths.0, left: true) + "  " + Self.padded(first, widths.1) + "  " + Self.padded(second, widths.2))
        }
        let matched = contacts.count(where: \.isMatched)
        lines.append("contacts: \(matched) matched, \(contacts.count(where: { $0.b == nil })) only in A, \(contacts.count(where: { $0.a == nil })) only in B"
            + (matched > 0 ? "; B's first touch-down comes \(Self.shift(startShift)) A's" : ""))
        for contact in contacts { lines.append("  " + Self.describe(contact)) }
        lines.append(interactions.isEmpty ? "interactions: none in either" : "interactions:")
        for (index, pair) in interactions.enumerated() {
            let first = pair.a?.description ?? "none"
            let second = pair.b?.description ?? "none"
            lines.append("  \(index + 1): A \(first); B \(second)" + (pair.hasSameResult ? "" : "  ← differs"))
        }
        lines.append("result: " + verdict)
        return lines.map { $0 + "\n" }.joined()
    }

    /// One line: the same, or what differs.
    public var verdict: String {
        if isEquivalent {
            return "the same within \(DecimalText.trimmed(options.forceTolerance, 4)) force units and \(DecimalText.milliseconds(options.timeTolerance))"
                + (timeShift.map { abs($0) > options.timeTolerance ? " (B lags \(DecimalText.milliseconds($0)))" : "" } ?? "")
        }
        var reasons: [String] = []
        let differing = interactions.count(where: { !$0.hasSameResult })
        if differing > 0 { reasons.append(DecimalText.counted(differing, "interaction ended differently", "interactions ended differently")) }
        let onlyA = contacts.count(where: { $0.b == nil })
        let onlyB = contacts.count(where: { $0.a == nil })
        if onlyA > 0 { reasons.append(DecimalText.counted(onlyA, "contact only in A", "contacts only in A")) }
        if onlyB > 0 { reasons.append(DecimalText.counted(onlyB, "contact only in B", "contacts only in B")) }
        if let largest = largestDifference, largest > options.forceTolerance + 1e-9 {
            reasons.append("force differs by up to \(DecimalText.trimmed(largest, 4)) once aligned (tolerance \(DecimalText.trimmed(options.forceTolerance, 4)))")
        }
        let late = contacts.filter { contact in
            guard let shift = contact.downShift else { return false }
            return abs(shift - startShift) > options.timeTolerance + 1e-9
        }
        if !late.isEmpty { reasons.append(DecimalText.counted(late.count, "touch-down moved", "touch-downs moved") + " beyond \(DecimalText.milliseconds(options.timeTolerance))") }
        return "different: " + reasons.joined(separator: "; ")
    }

    static func describe(_ device: SessionDevice) -> String {
        var text = "\(device.name) (\(device.kind.rawValue))"
        if let axis = device.pressureAxisName, let range = device.pressureRange {
            text += ", \(axis) \(range.lowerBound)–\(range.upperBound)"
        } else {
            text += ", no pressure axis"
        }
        if device.isForceAvailable { text += ", maximumPossibleForce \(DecimalText.fixed(device.maximumPossibleForce, 2))" }
        return text
    }

    private static func describe(_ contact: ContactComparison) -> String {
        func name(_ side: ContactComparison.Side) -> String { "touch \(side.identifier) (\(side.tool.rawValue))" }
        func life(_ side: ContactComparison.Side) -> String {
            "down \(DecimalText.seconds(side.down)), " + (side.lift.map { "\(side.ending?.rawValue ?? "lifted") \(DecimalText.seconds($0))" } ?? "still down")
                + ", peak force \(DecimalText.fixed(side.peakForce, 2))"
        }
        guard let a = contact.a, let b = contact.b else {
            if let a = contact.a { return "A \(name(a)) only in A: \(life(a))" }
            if let b = contact.b { return "B \(name(b)) only in B: \(life(b))" }
            return "nothing"
        }
        var text = "A \(name(a)) ↔ B \(name(b)): A \(life(a)); B \(life(b))"
        if let shift = contact.timeShift, let largest = contact.largestDifference {
            text += "; B lags \(DecimalText.milliseconds(shift))"
            if contact.isShiftAtSearchLimit { text += " (the search's limit: the curves differ in shape)" }
            text += "; largest force difference \(DecimalText.fixed(largest, 4)) aligned"
            if let time = contact.largestDifferenceTime, largest >= 0.00005 { text += " (at \(DecimalText.seconds(time)))" }
            if let recorded = contact.largestDifferenceAsRecorded { text += ", \(DecimalText.fixed(recorded, 4)) as recorded" }
        }
        return text
    }

    /// `12.0 ms after` / `3.0 ms before` / `at the same time as`.
    private static func shift(_ seconds: Double) -> String {
        if abs(seconds) < 0.0000005 { return "at the same time as" }
        return "\(DecimalText.milliseconds(abs(seconds))) \(seconds > 0 ? "after" : "before")"
    }

    private static func padded(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? text + padding : padding + text
    }
}
