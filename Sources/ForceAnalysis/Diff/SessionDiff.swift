import ForcePlot

/// Two sessions side by side — the same gesture on two devices, two firmware versions, a
/// recording and its re-recording: contacts matched by time overlap (then by order), their
/// force curves compared once aligned (the shift found by cross-correlation, the largest
/// difference after it), and the interactions' outcomes compared in order. Renders as text,
/// jsonl and an SVG of both force curves on one time axis.
public struct SessionDiff: Sendable {
    /// The first session.
    public let a: ReplayedSession
    /// The second session.
    public let b: ReplayedSession
    /// The options used.
    public let options: DiffOptions
    /// B's first touch-down minus A's (0 when either has none): how much later B's gesture starts.
    public let startShift: Double
    /// The contacts, matched or not, in the order they went down.
    public let contacts: [ContactComparison]
    /// The interactions, paired in order.
    public let interactions: [InteractionComparison]

    /// Compares `a` with `b`.
    public init(_ a: ReplayedSession, _ b: ReplayedSession, options: DiffOptions = DiffOptions()) {
        self.a = a
        self.b = b
        self.options = options
        var startShift = 0.0
        if let firstA = a.session.touches.first, let firstB = b.session.touches.first { startShift = firstB.downTime - firstA.downTime }
        self.startShift = startShift
        contacts = Self.match(a.session, b.session, startShift: startShift).map { pair in
            Self.compare(pair.a, pair.b, a: a.session, b: b.session, options: options)
        }
        let outcomesA = InteractionOutcome.outcomes(of: a.session)
        let outcomesB = InteractionOutcome.outcomes(of: b.session)
        interactions = (0..<max(outcomesA.count, outcomesB.count)).map { index in
            InteractionComparison(a: index < outcomesA.count ? outcomesA[index] : nil, b: index < outcomesB.count ? outcomesB[index] : nil)
        }
    }

    /// The typical shift between the sessions' force curves: the median of the matched
    /// contacts' shifts (nil without any).
    public var timeShift: Double? {
        let shifts = contacts.compactMap(\.timeShift).sorted()
        guard !shifts.isEmpty else { return nil }
        return shifts.count % 2 == 1 ? shifts[shifts.count / 2] : (shifts[shifts.count / 2 - 1] + shifts[shifts.count / 2]) / 2
    }

    /// The largest force difference of any matched contact once aligned.
    public var largestDifference: Double? {
        contacts.compactMap(\.largestDifference).max()
    }

    /// Whether the sessions did the same within the options' tolerances: every contact matched,
    /// curves within the force tolerance, touch-downs within the time tolerance (after the start
    /// shift), and the interactions ended the same way.
    public var isEquivalent: Bool {
        contacts.allSatisfy { contact in
            guard contact.isMatched, let shift = contact.downShift else { return false }
            return abs(shift - startShift) <= options.timeTolerance + 1e-9 && (contact.largestDifference ?? 0) <= options.forceTolerance + 1e-9
        } && interactions.allSatisfy(\.hasSameResult)
    }

    /// Pairs of touches: first those that overlap most once B is moved back by `startShift`,
    /// then the rest in order; each touch once.
    static func match(_ a: SessionTimeline, _ b: SessionTimeline, startShift: Double) -> [(a: TouchTrace?, b: TouchTrace?)] {
        func life(_ trace: TouchTrace, _ session: SessionTimeline, shift: Double) -> ClosedRange<Double> {
            let down = trace.downTime - shift
            return down...max(down, (trace.liftTime ?? session.duration) - shift)
        }
        var candidates: [(i: Int, j: Int, overlap: Double)] = []
        for (i, first) in a.touches.enumerated() {
            let own = life(first, a, shift: 0)
            for (j, second) in b.touches.enumerated() {
                let other = life(second, b, shift: startShift)
                let overlap = min(own.upperBound, other.upperBound) - max(own.lowerBound, other.lowerBound)
                if overlap > 0 || (overlap == 0 && own.lowerBound == other.lowerBound) { candidates.append((i, j, overlap)) }
            }
        }
        candidates.sort { $0.overlap != $1.overlap ? $0.overlap > $1.overlap : ($0.i, $0.j) < ($1.i, $1.j) }
        var pairOfA = [Int?](repeating: nil, count: a.touches.count)
        var takenInB = Set<Int>()
        for candidate in candidates where pairOfA[candidate.i] == nil && !takenInB.contains(candidate.j) {
            pairOfA[candidate.i] = candidate.j
            takenInB.insert(candidate.j)
        }
        // The rest pair up in order.
        var restOfB = b.touches.indices.filter { !takenInB.contains($0) }[...]
        for i in a.touches.indices where pairOfA[i] == nil {
            guard let j = restOfB.popFirst() else { break }
            pairOfA[i] = j
        }
        var pairs: [(a: TouchTrace?, b: TouchTrace?)] = a.touches.indices.map { i in (a.touches[i], pairOfA[i].map { b.touches[$0] }) }
        let matchedB = Set(pairOfA.compactMap { $0 })
        pairs += b.touches.indices.filter { !matchedB.contains($0) }.map { (nil, b.touches[$0]) }
        return pairs.sorted { first, second in
            let one = first.a?.downTime ?? (first.b!.downTime - startShift)
            let other = second.a?.downTime ?? (second.b!.downTime - startShift)
            return one < other
        }
    }

    static func compare(_ first: TouchTrace?, _ second: TouchTrace?, a: SessionTimeline, b: SessionTimeline, options: DiffOptions) -> ContactComparison {
        var comparison = ContactComparison(a: first.map(ContactComparison.Side.init), b: second.map(ContactComparison.Side.init))
        guard let first, let second else { return comparison }
        let curveA = ForceCurve(trace: first, sessionEnd: a.duration)
        let curveB = ForceCurve(trace: second, sessionEnd: b.duration)
        let expected = second.downTime - first.downTime
        comparison.largestDifferenceAsRecorded = curveA.largestDifference(from: curveB, shift: 0).difference
        let found = curveA.shift(of: curveB, expected: expected, maximumShift: options.maximumShift, step: options.step)
        let shift = found?.seconds ?? expected
        comparison.timeShift = shift
        comparison.isShiftAtSearchLimit = found?.atLimit ?? false
        let largest = curveA.largestDifference(from: curveB, shift: shift)
        comparison.largestDifference = largest.difference
        comparison.largestDifferenceTime = largest.time
        return comparison
    }
}
