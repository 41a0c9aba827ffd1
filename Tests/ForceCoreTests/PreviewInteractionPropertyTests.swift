import ForceCore
import PropertyBased
import Testing

/// Properties of the interaction for any force sequence: a well-formed call sequence, exactly one
/// terminal call per interaction that began, progress within 0...1, and an outcome that follows
/// the highest force reached.
@Suite("Preview interaction: properties")
struct PreviewInteractionPropertyTests {
    /// How a scripted touch ends.
    enum Ending: CaseIterable {
        /// It lifts (`ended`).
        case lift
        /// The tracker cancels it (SYN_DROPPED, palm).
        case trackerCancel
        /// The pipeline ends (device loss): `invalidate()`.
        case invalidate
    }

    /// Checks `calls` against the interaction grammar and returns the number of interactions that began.
    ///
    /// Per interaction: `shouldBegin(true)`, `preview(p, false)`*, then either `cancel`, or
    /// `preview(1, true)` `peek`, then `commit(p, false)`*, and then `cancel`, `commit(1, true)`
    /// `pop`, or the actions: `revealed`, then `highlighted(i)` (each followed by a `selection`
    /// tick) or `highlighted(nil)`, `hidden` (with nothing highlighted) and `revealed` again, and
    /// finally `cancel`, or `performed` while an action is highlighted. No commit call comes after
    /// the actions were revealed. `shouldBegin(false)` may come any number of times between
    /// interactions; nothing else may.
    @discardableResult
    static func checkGrammar(_ calls: [InteractionLog.Call], sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        enum Phase { case outside, preview, awaitingPeek, commit, awaitingPop, actions, awaitingTick, hidden }
        var phase = Phase.outside
        var began = 0
        var terminals = 0
        var highlighted: Int?
        var actionCount = 0
        for (index, call) in calls.enumerated() {
            let context: Comment = "call \(index) in \(calls)"
            switch (phase, call) {
            case (.outside, .shouldBegin(let answer)):
                if answer { phase = .preview; began += 1 }
            case (.preview, .preview(let progress, ended: false)), (.commit, .commit(let progress, ended: false)):
                #expect((0...1).contains(progress), context, sourceLocation: sourceLocation)
            case (.preview, .preview(let progress, ended: true)):
                #expect(progress == 1, context, sourceLocation: sourceLocation)
                phase = .awaitingPeek
            case (.awaitingPeek, .feedback(.peek)):
                phase = .commit
            case (.commit, .commit(let progress, ended: true)):
                #expect(progress == 1, context, sourceLocation: sourceLocation)
                terminals += 1
                phase = .awaitingPop
            case (.awaitingPop, .feedback(.pop)):
                phase = .outside
            case (.commit, .revealed(let actions)), (.hidden, .revealed(let actions)):
                #expect(!actions.isEmpty, context, sourceLocation: sourceLocation)
                actionCount = actions.count
                phase = .actions
            case (.actions, .highlighted(let row)):
                #expect(row != highlighted, "highlighting what is highlighted: \(context)", sourceLocation: sourceLocation)
                if let row { #expect((0..<actionCount).contains(row), context, sourceLocation: sourceLocation) }
                highlighted = row
                if row != nil { phase = .awaitingTick }
            case (.awaitingTick, .feedback(.selection)):
                phase = .actions
            case (.actions, .hidden):
                #expect(highlighted == nil, "hidden while highlighted: \(context)", sourceLocation: sourceLocation)
                phase = .hidden
            case (.actions, .performed):
                #expect(highlighted != nil, "performed with nothing highlighted: \(context)", sourceLocation: sourceLocation)
                terminals += 1
                highlighted = nil
                phase = .outside
            case (.preview, .cancel), (.commit, .cancel), (.actions, .cancel), (.awaitingTick, .cancel), (.hidden, .cancel):
                terminals += 1
                highlighted = nil
                phase = .outside
            default:
                Issue.record("unexpected \(call) while \(phase): \(context)", sourceLocation: sourceLocation)
                return began
            }
        }
        #expect(phase == .outside, "interaction left open: \(calls)", sourceLocation: sourceLocation)
        #expect(terminals == began, "\(began) began, \(terminals) terminal calls: \(calls)", sourceLocation: sourceLocation)
        return began
    }

    /// Drives one touch with `forces` (scaled by `maximumForce`), ending at `endIndex` (or after the last force) as `ending`.
    static func run(
        fractions: [Double], maximumForce: Double, endIndex: Int, ending: Ending,
        answers: [Bool] = [], cancelIndex: Int? = nil
    ) -> (PreviewInteraction, InteractionLog) {
        let interaction = PreviewInteraction()
        let log = InteractionLog(observing: interaction)
        log.shouldBeginAnswers = answers
        var finger = ScriptedTouch(identifier: 1, maximumPossibleForce: maximumForce)
        for (index, fraction) in fractions.enumerated() {
            if index == endIndex { break }
            interaction.update(with: [finger.press(fraction * maximumForce)])
            if index == cancelIndex { interaction.cancel() }
        }
        switch ending {
        case .lift: interaction.update(with: [finger.lift()])
        case .trackerCancel: interaction.update(with: [finger.cancelled()])
        case .invalidate: interaction.invalidate()
        }
        return (interaction, log)
    }

    @Test func anyForceSequenceGivesAWellFormedCallSequence() async {
        await propertyCheck(
            count: 400,
            input: Gen.double(in: 0...1).array(of: 1...60), Gen.double(in: 0.5...10), Gen.int(in: 0...70),
            Gen<Ending>.case, Gen.bool.array(of: 1...4), Gen.int(in: 0...90)
        ) { fractions, maximumForce, endIndex, ending, answers, cancelIndex in
            let (interaction, log) = Self.run(
                fractions: fractions, maximumForce: maximumForce, endIndex: endIndex, ending: ending,
                answers: answers, cancelIndex: cancelIndex)
            let began = Self.checkGrammar(log.calls)
            #expect(interaction.state == .idle)
            let statistics = interaction.statistics
            #expect(statistics.began == began)
            #expect(statistics.commits + statistics.cancels == began)
            #expect(statistics.previewsEnded == log.calls.filter { $0 == .preview(1, ended: true) }.count)
            #expect(statistics.commits == log.calls.filter { $0 == .commit(1, ended: true) }.count)
            #expect(log.calls.filter { $0 == .feedback(.peek) }.count == statistics.previewsEnded)
            #expect(log.calls.filter { $0 == .feedback(.pop) }.count == statistics.commits)
        }
    }

    @Test func outcomeFollowsTheHighestForceReached() async {
        await propertyCheck(
            count: 400,
            input: Gen.double(in: 0...1).array(of: 1...60), Gen.double(in: 0.5...10), Gen.int(in: 0...70), Gen<Ending>.case
        ) { fractions, maximumForce, endIndex, ending in
            let (_, log) = Self.run(fractions: fractions, maximumForce: maximumForce, endIndex: endIndex, ending: ending)
            let limits = PreviewThresholds.standard.fitted(toMaximumForce: maximumForce)
            let peak = fractions.prefix(endIndex).map { $0 * maximumForce }.max() ?? 0
            let began = peak >= limits.begin
            let previewEnded = peak >= limits.previewEnd
            let committed = peak >= limits.commitEnd
            #expect(log.calls.filter { $0 == .shouldBegin(true) }.count == (began ? 1 : 0), "peak \(peak) limits \(limits)")
            #expect(log.calls.filter { $0 == .preview(1, ended: true) }.count == (previewEnded ? 1 : 0), "peak \(peak)")
            #expect(log.calls.filter { $0 == .commit(1, ended: true) }.count == (committed ? 1 : 0), "peak \(peak)")
            #expect(log.calls.filter { $0 == .cancel }.count == (began && !committed ? 1 : 0), "peak \(peak)")
            if !began { #expect(log.calls.isEmpty) }
        }
    }

    @Test func secondTouchNeverChangesWhatTheFirstDoes() async {
        await propertyCheck(
            count: 300,
            input: Gen.double(in: 0...1).array(of: 1...40), Gen.double(in: 0...1).array(of: 1...40),
            Gen.int(in: 0...40), Gen.double(in: 0.5...10)
        ) { first, second, secondStart, maximumForce in
            let alone = Self.run(fractions: first, maximumForce: maximumForce, endIndex: .max, ending: .lift).1.calls

            let interaction = PreviewInteraction()
            let log = InteractionLog(observing: interaction)
            var one = ScriptedTouch(identifier: 1, maximumPossibleForce: maximumForce)
            var two = ScriptedTouch(identifier: 2, maximumPossibleForce: maximumForce)
            for (index, fraction) in first.enumerated() {
                var frame = [one.press(fraction * maximumForce)]
                let secondIndex = index - secondStart
                if secondIndex >= 0, secondIndex < second.count {
                    frame.append(two.press(second[secondIndex] * maximumForce))
                } else if secondIndex == second.count {
                    frame.append(two.lift())
                }
                interaction.update(with: frame)
            }
            interaction.update(with: [one.lift()])
            #expect(log.calls == alone)
        }
    }
}
