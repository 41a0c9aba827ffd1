import ForceSystem
import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

/// Every generator style, on a real kernel: `prepare()` uploads the documented effect, firing
/// plays it with no further upload.
@Suite(.guestOnly, .serialized)
struct HapticGeneratorKernelTests {
    @Test(arguments: ImpactFeedbackStyle.allCases)
    func impactStyleUploadsTheDocumentedEffectAndPlaysIt(style: ImpactFeedbackStyle) throws {
        let fixture = try HapticFixture(.phoneVibrator())
        let generator = ImpactFeedbackGenerator(style: style, player: fixture.engine)
        generator.prepare()
        #expect(fixture.uploads == [DocumentedEffects.phone(style)])
        let played = fixture.expectPlays { generator.impactOccurred() }
        #expect(played.map(\.effect) == [DocumentedEffects.phone(style)])
        #expect(fixture.uploads.count == 1, "a prepared impact plays without uploading")
        #expect(fixture.engine.lastError == nil)
    }

    @Test(arguments: ImpactFeedbackStyle.allCases)
    func gamepadImpactsMixTheTwoMotors(style: ImpactFeedbackStyle) throws {
        let fixture = try HapticFixture(.gamepad())
        #expect(fixture.engine.device.capabilities.motorLayout == .dual)
        let played = fixture.expectPlays { ImpactFeedbackGenerator(style: style, player: fixture.engine).impactOccurred() }
        #expect(played.map(\.effect) == [DocumentedEffects.gamepad(style)])
    }

    @Test func impactIntensityScalesTheMagnitude() throws {
        let fixture = try HapticFixture(.phoneVibrator())
        let played = fixture.expectPlays { ImpactFeedbackGenerator(style: .heavy, player: fixture.engine).impactOccurred(intensity: 0.5) }
        // Intensity 0.5 → level 0.15 + 0.85 × 0.5 = 0.575 of full scale.
        #expect(played.map(\.effect) == [DocumentedEffects.rumble(37683, 37683, length: 34)])
    }

    @Test(arguments: NotificationFeedbackType.allCases)
    func notificationUploadsItsPulsesAndStartsThemTogether(type: NotificationFeedbackType) throws {
        let fixture = try HapticFixture(.phoneVibrator())
        let generator = NotificationFeedbackGenerator(player: fixture.engine)
        generator.prepare(for: type)
        #expect(fixture.uploads == DocumentedEffects.phone(type))
        let start = fixture.hardware.events.count
        let expected = DocumentedEffects.phone(type)
        let played = fixture.expectPlays(expected.count) { generator.notificationOccurred(type) }
        #expect(played.map(\.effect) == expected)
        // One write: only starts reached the device, no upload, no stop.
        #expect(fixture.hardware.events.dropFirst(start).allSatisfy { if case .play = $0.kind { return true } else { return false } })
    }

    @Test func selectionTickIsTheShortestPulse() throws {
        let fixture = try HapticFixture(.phoneVibrator())
        let generator = SelectionFeedbackGenerator(player: fixture.engine)
        generator.prepare()
        #expect(fixture.uploads == [DocumentedEffects.phoneSelection])
        let played = fixture.expectPlays { generator.selectionChanged() }
        #expect(played.map(\.effect) == [DocumentedEffects.phoneSelection])
        #expect(fixture.uploads.count == 1)
    }

    @Test func notificationPreemptsInTheSameWriteAndLowerPriorityIsDropped() throws {
        let fixture = try HapticFixture(.phoneVibrator())
        // Long patterns (29 s, one effect each), so that nothing ends by itself while the test looks.
        let hum = HapticPattern(.continuous(duration: 29, intensity: 0.3))
        let alarm = HapticPattern(.continuous(duration: 29, intensity: 1))
        let tick = try fixture.expectPlays { try fixture.engine.playPattern(hum, priority: .selection) }
        let start = fixture.hardware.events.count
        let alarmStart = try fixture.expectPlays { try fixture.engine.playPattern(alarm, priority: .notification) }
        // The tick-priority hum was stopped in the same write that started the alarm, after its start.
        #expect(fixture.hardware.waitUntil { $0.events.count >= start + 3 })
        let kinds = fixture.hardware.events.dropFirst(start).map(\.kind).filter { if case .upload = $0 { return false } else { return true } }
        #expect(kinds == [.play(id: try #require(alarmStart.first?.id), count: 1), .stop(id: try #require(tick.first?.id))])
        // While the notification plays, an impact and a tick are dropped; another notification pre-empts.
        #expect(try fixture.engine.playPattern(FeedbackPatterns.impact(.heavy), priority: .impact) == .dropped(playing: .notification))
        #expect(try fixture.engine.playPattern(FeedbackPatterns.selection, priority: .selection) == .dropped(playing: .notification))
        try fixture.expectPlays(4) { try fixture.engine.playPattern(FeedbackPatterns.notification(.error), priority: .notification) }
        try fixture.engine.stopAll()
        #expect(fixture.hardware.waitUntil { VirtualHapticDevice.runningEffects(in: $0.events, at: MonotonicClock.now()).isEmpty })
    }
}
