import ForceCore
import Testing

/// The UIKit-shaped generators on a recording player: what they prepare and play, with which
/// priority; selection ticks coalesce; no player means no feedback.
@Suite("Haptics: feedback generators")
struct FeedbackGeneratorTests {
    @Test func impactGeneratorPreparesAndPlaysItsStyle() {
        let player = RecordingHapticPlayer()
        let generator = ImpactFeedbackGenerator(style: .rigid, player: player)
        generator.prepare()
        generator.impactOccurred()
        generator.impactOccurred(intensity: 0.5)
        #expect(player.prepared == [FeedbackPatterns.impact(.rigid)])
        #expect(player.played.map(\.pattern) == [FeedbackPatterns.impact(.rigid), FeedbackPatterns.impact(.rigid, intensity: 0.5)])
        #expect(player.played.allSatisfy { $0.priority == .impact })
    }

    @Test func anImpactOfIntensityZeroPlaysNothing() {
        let player = RecordingHapticPlayer()
        ImpactFeedbackGenerator(style: .heavy, player: player).impactOccurred(intensity: 0)
        #expect(player.played.isEmpty)
    }

    @Test func notificationGeneratorPlaysEachTypeAsANotification() {
        let player = RecordingHapticPlayer()
        let generator = NotificationFeedbackGenerator(player: player)
        generator.prepare()
        #expect(player.prepared == NotificationFeedbackType.allCases.map(FeedbackPatterns.notification))
        for type in NotificationFeedbackType.allCases { generator.notificationOccurred(type) }
        #expect(player.played.map(\.pattern) == NotificationFeedbackType.allCases.map(FeedbackPatterns.notification))
        #expect(player.played.allSatisfy { $0.priority == .notification })
    }

    @Test("rapid selection ticks coalesce: at most one per minimum interval")
    func selectionTicksCoalesce() {
        let player = RecordingHapticPlayer()
        player.minimumTickInterval = 50_000
        let generator = SelectionFeedbackGenerator(player: player)
        // 20 ticks 10 ms apart over 200 ms: ticks at 0, 50, 100, 150 ms play.
        for _ in 0..<20 {
            generator.selectionChanged()
            player.advance(milliseconds: 10)
        }
        #expect(player.played.count == 4)
        #expect(generator.coalescedCount == 16)
        #expect(player.played.allSatisfy { $0.priority == .selection && $0.pattern == FeedbackPatterns.selection })
        // Slow ticks all play.
        player.advance(milliseconds: 100)
        for _ in 0..<3 {
            generator.selectionChanged()
            player.advance(milliseconds: 60)
        }
        #expect(player.played.count == 7)
    }

    @Test func coalescerAdmitsTheFirstTickAndAfterTheInterval() {
        var coalescer = SelectionCoalescer(minimumInterval: 50)
        // A clock that went backwards (the last time) does not silence ticks.
        let admitted = [1000, 1049, 1050, 10].map { coalescer.admit(at: $0) }
        #expect(admitted == [true, false, true, true])
    }

    @Test func generatorsWithoutAPlayerDoNothing() {
        let impact = ImpactFeedbackGenerator(style: .heavy, player: nil)
        impact.prepare()
        impact.impactOccurred()
        NotificationFeedbackGenerator(player: nil).notificationOccurred(.error)
        let selection = SelectionFeedbackGenerator(player: nil)
        selection.selectionChanged()
        #expect(selection.coalescedCount == 0)
    }

    @Test("a preview interaction plays a light peek at preview end and a heavy pop at commit")
    func previewHaptics() {
        let player = RecordingHapticPlayer()
        let haptics = PreviewHaptics(player: player)
        #expect(player.prepared == [FeedbackPatterns.impact(.light), FeedbackPatterns.impact(.heavy)], "not the tick: few sessions show actions")
        let interaction = PreviewInteraction()
        interaction.feedback = haptics
        var finger = ScriptedTouch(identifier: 1)
        interaction.update(with: [finger.press(2.5)])
        #expect(player.played.map(\.pattern) == [FeedbackPatterns.impact(.light)])
        interaction.update(with: [finger.press(4)])
        interaction.update(with: [finger.lift()])
        #expect(player.played.map(\.pattern) == [FeedbackPatterns.impact(.light), FeedbackPatterns.impact(.heavy)])
        // The pop is stronger than the peek.
        let peek = FeedbackPatterns.impact(.light).events[0].intensity
        let pop = FeedbackPatterns.impact(.heavy).events[0].intensity
        #expect(pop > peek)
    }

    @Test("moving onto another revealed action plays a selection tick; moving off every action plays none")
    func previewHapticsTickOnActions() {
        let player = RecordingHapticPlayer()
        let haptics = PreviewHaptics(player: player)
        let interaction = PreviewInteraction(area: PreviewActionSequenceTests.area)
        let log = InteractionLog()
        log.actions = PreviewAction.numbered(2)
        interaction.delegate = log
        interaction.feedback = haptics
        var finger = ScriptedTouch(identifier: 1, x: 1000, y: 1000)
        interaction.update(with: [finger.press(2.5)])
        // Row 0, row 1, hidden (nothing highlighted: no tick), row 0 again; 100 ms apart.
        for y in [900.0, 850, 1000, 900] {
            player.advance(milliseconds: 100)
            interaction.update(with: [finger.move(x: 1000, y: y, force: 2.5)])
        }
        interaction.update(with: [finger.lift()])
        #expect(player.played.map(\.pattern) == [FeedbackPatterns.impact(.light)] + Array(repeating: FeedbackPatterns.selection, count: 3))
        #expect(player.played.last?.priority == .selection)
        #expect(log.calls.last == .performed("a0"))
    }
}
