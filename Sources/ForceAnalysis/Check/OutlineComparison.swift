import ForceCore

/// Two transcript outlines compared into findings in domain words, golden first: device and
/// summary values, interaction milestones that are missing, new or moved, and touches that are
/// missing, new, began or ended at another time or in another way, or peaked differently.
struct OutlineComparison {
    let actual: TranscriptOutline
    let golden: TranscriptOutline
    let tolerance: TranscriptTolerance

    var changes: [String] {
        summaryChanges(of: "device", actual.device, golden.device)
            + summaryChanges(of: "summary", actual.summary, golden.summary)
            + milestoneChanges()
            + touchChanges()
    }

    private func summaryChanges(of name: String, _ actual: [JSONMember]?, _ golden: [JSONMember]?) -> [String] {
        guard let actual, let golden else {
            if actual == nil && golden != nil { return ["the \(name) line is missing"] }
            if actual != nil && golden == nil { return ["the \(name) line is new"] }
            return []
        }
        let changes = tolerance.changes(actual, golden)
        guard !changes.isEmpty else { return [] }
        return ["\(name): " + changes.map { change in
            guard let now = change.actual, let before = change.golden else { return change.description }
            return "\(change.key) \(FieldChange.text(now)), golden \(FieldChange.text(before))"
        }.joined(separator: "; ")]
    }

    /// Milestones paired in order by their kind (longest common subsequence); the unpaired are
    /// missing or new, the paired that moved beyond the time tolerance are reported as moved.
    private func milestoneChanges() -> [String] {
        let pairs = Self.commonSubsequence(actual.milestones.map(\.kind), golden.milestones.map(\.kind))
        var changes: [String] = []
        var nextActual = 0
        var nextGolden = 0
        func unpaired(until a: Int, _ g: Int) {
            for milestone in golden.milestones[nextGolden..<g] {
                changes.append("the \(milestone.kind.rawValue) at \(DecimalText.seconds(milestone.time)) is missing")
            }
            for milestone in actual.milestones[nextActual..<a] {
                changes.append("a \(milestone.kind.rawValue) at \(DecimalText.seconds(milestone.time)) is new")
            }
        }
        for (a, g) in pairs {
            unpaired(until: a, g)
            let now = actual.milestones[a]
            let before = golden.milestones[g]
            if let moved = movement(now.time, before.time) {
                changes.append("the \(now.kind.rawValue) came \(moved)")
            }
            nextActual = a + 1
            nextGolden = g + 1
        }
        unpaired(until: actual.milestones.count, golden.milestones.count)
        return changes
    }

    private func touchChanges() -> [String] {
        var changes: [String] = []
        for before in golden.touches {
            guard let now = actual.touches.first(where: { $0.identifier == before.identifier }) else {
                changes.append("touch \(before.identifier)\(began(before)) is missing")
                continue
            }
            let name = "touch \(before.identifier)"
            if now.tool != before.tool {
                changes.append("\(name) is a \(now.tool ?? "touch"), golden a \(before.tool ?? "touch")")
            }
            if let a = now.began, let b = before.began, let moved = movement(a, b) {
                changes.append("\(name) began \(moved)")
            }
            if now.endPhase != before.endPhase {
                changes.append("\(name) \(ending(now)), golden: \(ending(before))")
            } else if let a = now.ended, let b = before.ended, let moved = movement(a, b) {
                changes.append("\(name) \(now.endPhase ?? "ended") \(moved)")
            }
            if (now.peakForce - before.peakForce).magnitude > tolerance.force + 1e-9 {
                changes.append("\(name) peaked at force \(DecimalText.trimmed(now.peakForce, 4)), golden \(DecimalText.trimmed(before.peakForce, 4))")
            }
        }
        for now in actual.touches where !golden.touches.contains(where: { $0.identifier == now.identifier }) {
            changes.append("touch \(now.identifier)\(began(now)) is new")
        }
        return changes
    }

    private func began(_ life: TranscriptOutline.TouchLife) -> String {
        life.began.map { " (began at \(DecimalText.seconds($0)))" } ?? ""
    }

    private func ending(_ life: TranscriptOutline.TouchLife) -> String {
        guard let phase = life.endPhase, let time = life.ended else { return "did not end" }
        return "\(phase == "cancelled" ? "was cancelled" : "ended") at \(DecimalText.seconds(time))"
    }

    /// `12.0 ms later (0.512 s; golden 0.500 s)`, or nil within the time tolerance.
    private func movement(_ now: Double, _ before: Double) -> String? {
        let shift = now - before
        guard shift.magnitude > tolerance.time + 1e-9 else { return nil }
        return "\(DecimalText.milliseconds(shift.magnitude)) \(shift > 0 ? "later" : "earlier") (\(DecimalText.seconds(now)); golden \(DecimalText.seconds(before)))"
    }

    /// Index pairs of a longest common subsequence of `a` and `b`, in order.
    static func commonSubsequence<Element: Equatable>(_ a: [Element], _ b: [Element]) -> [(Int, Int)] {
        guard !a.isEmpty, !b.isEmpty else { return [] }
        // Milestones are few; very long ones fall back to pairing in order.
        guard a.count * b.count <= 1_000_000 else {
            return (0..<min(a.count, b.count)).filter { a[$0] == b[$0] }.map { ($0, $0) }
        }
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }
}
