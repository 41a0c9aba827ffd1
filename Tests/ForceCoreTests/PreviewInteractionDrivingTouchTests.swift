@testable import ForceCore
import Testing

/// Only one touch drives an interaction: the first that begins while it is idle.
@Suite("Preview interaction: the driving touch")
struct PreviewInteractionDrivingTouchTests {
    @Test func secondTouchNeverTakesOver() {
        let interaction = PreviewInteraction()
        let log = InteractionLog(observing: interaction)
        var first = ScriptedTouch(identifier: 1)
        var second = ScriptedTouch(identifier: 2)
        interaction.update(with: [first.press(0.5)])
        interaction.update(with: [first.press(0.5), second.press(0.5)])
        interaction.update(with: [second.press(3.5)])
        #expect(log.calls.isEmpty)
        #expect(interaction.touch?.identifier == 1)

        interaction.update(with: [first.press(1.5), second.press(3.5)])
        interaction.update(with: [first.press(2.5)])
        interaction.update(with: [first.lift(), second.press(3.6)])
        // The second touch presses on after the first lifted: it never began while idle.
        interaction.update(with: [second.press(3.8)])
        interaction.update(with: [second.lift()])
        #expect(log.calls == [
            .shouldBegin(true), .preview(0.5, ended: false), .preview(1, ended: true), .feedback(.peek),
            .commit(0.5, ended: false), .cancel,
        ])

        // A touch that begins while idle drives the next interaction.
        var third = ScriptedTouch(identifier: 3)
        log.removeAll()
        interaction.update(with: [third.press(1.5)])
        #expect(log.calls == [.shouldBegin(true), .preview(0.5, ended: false)])
        #expect(interaction.touch?.identifier == 3)
    }

    @Test func secondTouchLiftingDoesNotCancel() {
        let interaction = PreviewInteraction()
        let log = InteractionLog(observing: interaction)
        var first = ScriptedTouch(identifier: 1)
        var second = ScriptedTouch(identifier: 2)
        interaction.update(with: [first.press(1.5), second.press(0.2)])
        interaction.update(with: [second.lift()])
        #expect(log.calls == [.shouldBegin(true), .preview(0.5, ended: false)])
        #expect(interaction.isActive)
    }

    @Test func palmNeverDrivesAnInteraction() {
        let interaction = PreviewInteraction()
        let log = InteractionLog(observing: interaction)
        var palm = Touch(identifier: 1, phase: .began, tool: .palm, force: 5, maximumPossibleForce: 20.0 / 3.0)
        interaction.update(with: [palm])
        palm.phase = .stationary
        interaction.update(with: [palm])
        #expect(log.calls.isEmpty)
        #expect(interaction.state == .idle)
    }

    @Test func touchThatIsAlreadyMovingCannotStartAnInteraction() {
        let interaction = PreviewInteraction()
        let log = InteractionLog(observing: interaction)
        let moving = Touch(identifier: 1, phase: .moved, force: 5, maximumPossibleForce: 20.0 / 3.0)
        interaction.update(with: [moving])
        #expect(log.calls.isEmpty)
        #expect(interaction.touch == nil)
    }

    @Test func liftAndNewTouchInOneFrameHandOver() {
        let interaction = PreviewInteraction()
        let log = InteractionLog(observing: interaction)
        var first = ScriptedTouch(identifier: 1)
        var second = ScriptedTouch(identifier: 2)
        interaction.update(with: [first.press(1.5)])
        interaction.update(with: [first.lift(), second.press(1.75)])
        #expect(log.calls == [
            .shouldBegin(true), .preview(0.5, ended: false), .cancel, .shouldBegin(true), .preview(0.75, ended: false),
        ])
        #expect(interaction.touch?.identifier == 2)
    }
}
