import ForceCore
import PropertyBased
import Testing

/// Properties of preview actions for any path, force and timing of one touch, force-driven or
/// Haptic Touch: a well-formed sequence in which an interaction ends exactly once (an action
/// performed counts as its end), an action performed exactly when the touch lifts on a
/// highlighted one, revealed actions hidden whenever the touch is back below half the reveal
/// distance, nothing highlighted unless the actions are shown, and for Haptic Touch the same calls
/// however the clock advances.
@Suite("Preview actions: properties")
struct PreviewActionPropertyTests {
    /// What one run saw.
    struct Outcome {
        var log: InteractionLog
        var interaction: PreviewInteraction
        /// The state and highlight just before the touch ended.
        var stateBeforeEnd: PreviewInteraction.State
        var highlightBeforeEnd: Int?
    }

    /// Where the touch was at the peek, noted from inside the preview's end.
    final class PeekAnchor {
        var y: Double?
    }

    /// Checks the invariants that hold after every frame: nothing highlighted unless shown, and
    /// (for actions revealed by sliding) shown only at half the reveal distance or more.
    static func checkFrame(_ interaction: PreviewInteraction, anchor: PeekAnchor, revealTravel: Double, context: Comment) {
        if interaction.highlightedActionIndex != nil { #expect(interaction.state == .actions, context) }
        guard case .sliding = interaction.actionLayout.reveal, let anchorY = anchor.y, let touch = interaction.touch else { return }
        let travel = anchorY - touch.y
        if travel < revealTravel / 2 { #expect(interaction.state != .actions, "travel \(travel): \(context)") }
        if interaction.state == .actionsHidden { #expect(travel < revealTravel, "travel \(travel): \(context)") }
    }

    /// Checks the whole run: grammar, one end per interaction, and the action performed.
    static func checkOutcome(_ outcome: Outcome, liftedNormally: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let calls = outcome.log.calls
        let began = PreviewInteractionPropertyTests.checkGrammar(calls, sourceLocation: sourceLocation)
        let statistics = outcome.interaction.statistics
        #expect(statistics.began == began, sourceLocation: sourceLocation)
        #expect(statistics.commits + statistics.cancels + statistics.actionsPerformed == began, sourceLocation: sourceLocation)
        #expect(outcome.interaction.state == .idle, sourceLocation: sourceLocation)
        let performed = calls.compactMap { if case .performed(let identifier) = $0 { identifier } else { nil } }
        if liftedNormally, outcome.stateBeforeEnd == .actions, let index = outcome.highlightBeforeEnd {
            #expect(performed == ["a\(index)"], "\(calls)", sourceLocation: sourceLocation)
        } else {
            #expect(performed.isEmpty, "\(calls)", sourceLocation: sourceLocation)
        }
        #expect(outcome.log.actionRequests <= 1, sourceLocation: sourceLocation)
    }

    static func makeLog(for interaction: PreviewInteraction, actions: Int, anchor: PeekAnchor) -> InteractionLog {
        let log = InteractionLog(observing: interaction)
        log.actions = PreviewAction.numbered(actions)
        log.onCall = { interaction, call in
            if call == .preview(1, ended: true) { anchor.y = interaction.touch?.y }
        }
        return log
    }

    // MARK: - Force

    /// How the touch ends.
    enum Ending: CaseIterable {
        case lift, trackerCancel, invalidate, cancelCall
    }

    /// 10 units per millimetre: peek actions reveal at 60 units, rows of 50.
    static let area = PreviewActionSequenceTests.area

    static func runForce(moves: [Double], forces: [Double], actions: Int, quick: Bool, ending: Ending) -> Outcome {
        let interaction = PreviewInteraction(area: area)
        if quick { interaction.actionLayout = .quickActions }
        let anchor = PeekAnchor()
        let log = makeLog(for: interaction, actions: actions, anchor: anchor)
        var finger = ScriptedTouch(identifier: 1, x: 1000, y: 1000)
        for (index, move) in moves.enumerated() {
            let force = forces[index % forces.count] * finger.maximumPossibleForce
            interaction.update(with: [finger.move(x: finger.x, y: finger.y + move, force: force)])
            checkFrame(interaction, anchor: anchor, revealTravel: 60, context: "frame \(index): \(log.calls)")
        }
        let outcome = Outcome(
            log: log, interaction: interaction, stateBeforeEnd: interaction.state,
            highlightBeforeEnd: interaction.highlightedActionIndex)
        switch ending {
        case .lift: interaction.update(with: [finger.lift()])
        case .trackerCancel: interaction.update(with: [finger.cancelled()])
        case .invalidate: interaction.invalidate()
        case .cancelCall:
            interaction.cancel()
            interaction.update(with: [finger.lift()])
        }
        return outcome
    }

    @Test func forceDrivenTouchesEndOnceAndPerformOnlyOnALiftOverAnAction() async {
        await propertyCheck(
            count: 400,
            input: Gen.double(in: -90...60).array(of: 1...40), Gen.double(in: 0...0.6).array(of: 1...12),
            Gen.int(in: 0...5), Gen.bool, Gen<Ending>.case
        ) { moves, forces, actions, quick, ending in
            let outcome = Self.runForce(moves: moves, forces: forces, actions: actions, quick: quick, ending: ending)
            Self.checkOutcome(outcome, liftedNormally: ending == .lift)
        }
    }

    @Test func liftingOnTheMiddleOfARowPerformsThatAction() async {
        // Peek, then slide in any steps to the middle of row `row`, and lift.
        await propertyCheck(count: 300, input: Gen.int(in: 0...3), Gen.double(in: 0...1).array(of: 1...8)) { row, fractions in
            let target = 60 + 25 + 50 * Double(row) + 25
            let steps = fractions.map { -$0 * 400 } + [0]
            var moves: [Double] = [0]
            var y = 0.0
            for (index, step) in steps.enumerated() {
                let next = index == steps.count - 1 ? -target : step
                moves.append(next - y)
                y = next
            }
            let outcome = Self.runForce(moves: moves, forces: [0.4], actions: 4, quick: false, ending: .lift)
            #expect(outcome.log.calls.filter(\.isTerminal) == [.performed("a\(row)")], "\(outcome.log.calls)")
        }
    }

    // MARK: - Haptic Touch

    /// One held touch: it lands at 1 s and is held still for `stillFor` µs (no frames, as a
    /// panel sends none), then a frame per gap moving by `moves` (cycled), then lifts (or is
    /// cancelled) one more gap later.
    static func runHeld(stillFor: Int, gaps: [Int], moves: [Double], actions: Int, quick: Bool, cancelled: Bool) -> Outcome {
        let interaction = PreviewInteraction(area: heldTouchArea)
        if quick { interaction.actionLayout = .quickActions }
        let anchor = PeekAnchor()
        let log = makeLog(for: interaction, actions: actions, anchor: anchor)
        var finger = HeldTouch()
        var time: Int64 = 1_000_000
        interaction.update(with: [finger.at(time)])
        time += Int64(stillFor)
        for (index, gap) in gaps.dropLast().enumerated() {
            time += Int64(gap)
            while let deadline = interaction.nextDeadline, deadline <= time { interaction.advance(to: deadline) }
            interaction.update(with: [finger.at(time, dy: moves.isEmpty ? 0 : moves[index % moves.count])])
            checkFrame(interaction, anchor: anchor, revealTravel: 125, context: "frame \(index): \(log.calls)")
        }
        time += Int64(gaps.last ?? 1)
        interaction.advance(to: time)
        let outcome = Outcome(
            log: log, interaction: interaction, stateBeforeEnd: interaction.state,
            highlightBeforeEnd: interaction.highlightedActionIndex)
        interaction.update(with: [cancelled ? finger.cancelled(at: time) : finger.lift(at: time)])
        return outcome
    }

    @Test func hapticTouchesBehaveTheSame() async {
        await propertyCheck(
            count: 400,
            input: Gen.int(in: 0...1_200_000), Gen.int(in: 1...120_000).array(of: 1...20),
            Gen.double(in: -150...90).array(of: 0...6), Gen.int(in: 0...5), Gen.bool, Gen.bool
        ) { stillFor, gaps, moves, actions, quick, cancelled in
            let outcome = Self.runHeld(stillFor: stillFor, gaps: gaps, moves: moves, actions: actions, quick: quick, cancelled: cancelled)
            Self.checkOutcome(outcome, liftedNormally: !cancelled)
        }
    }

    @Test func withActionsTheCallsAreTheSameHoweverTheClockAdvances() async {
        await propertyCheck(
            count: 300, input: HapticTouchPropertyTests.gaps, Gen.double(in: -120...120).array(of: 0...6),
            Gen.int(in: -300...1000).array(of: 0...60), Gen.bool
        ) { gaps, moves, steps, cancelled in
            let script = HapticTouchPropertyTests.Script(gaps: gaps, moves: moves, cancelled: cancelled)
            let reference = HapticTouchPropertyTests.run(script, .framesOnly, actions: 3).0.transcript
            for driver in [HapticTouchPropertyTests.Driver.everyDeadline, .steps(steps)] {
                #expect(HapticTouchPropertyTests.run(script, driver, actions: 3).0.transcript == reference, "\(driver)")
            }
        }
    }
}
