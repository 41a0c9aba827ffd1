import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

/// 100 000 mixed triggers: every generator, random intensities (165 distinct impacts for 16
/// slots), patterns of several events. No slot leaks, no ENOSPC, no error of any kind.
@Suite(.guestOnly, .serialized)
struct HapticStressKernelTests {
    /// Fires `count` random feedbacks, letting the device keep up (`HapticFixture.pace`);
    /// returns how many played.
    static func trigger(_ count: Int, on fixture: HapticFixture, seed: UInt64) -> Int {
        let engine = fixture.engine
        let impacts = ImpactFeedbackStyle.allCases.map { ImpactFeedbackGenerator(style: $0, player: engine) }
        let notifications = NotificationFeedbackGenerator(player: engine)
        let selection = SelectionFeedbackGenerator(player: engine)
        let preview = PreviewHaptics(player: engine)
        let custom = HapticPattern(events: [.transient(at: 0, intensity: 0.6), .continuous(at: 0.05, duration: 0.1, intensity: 0.4, sharpness: 0.2),
                                            .transient(at: 0.2, intensity: 1, sharpness: 0.9)])
        var random = SplitMix(seed: seed)
        for _ in 0..<count {
            fixture.pace()
            // Mostly let the previous feedback finish being pre-empted; sometimes stop it first.
            if random.next(4) == 0 { try? engine.stopAll() }
            switch random.next(16) {
            case 0..<6: impacts[random.next(5)].impactOccurred(intensity: Double(random.next(1001)) / 1000)
            case 6..<8: notifications.notificationOccurred(NotificationFeedbackType.allCases[random.next(3)])
            case 8..<11: selection.selectionChanged()
            case 11..<13: (random.next(2) == 0 ? preview.peek : preview.pop).impactOccurred()
            case 13: engine.play(custom, priority: .impact)
            case 14: engine.prepare(FeedbackPatterns.impact(.soft, intensity: Double(random.next(33)) / 32))
            default: engine.play(FeedbackPatterns.notification(.warning), priority: .notification)
            }
            if engine.statistics.errors > 0 { break }
        }
        return engine.statistics.played
    }

    @Test func hundredThousandMixedTriggersLeakNoSlot() throws {
        let fixture = try HapticFixture(.phoneVibrator())
        fixture.hardware.keepsEvents = false
        let played = Self.trigger(100_000, on: fixture, seed: 7)
        #expect(fixture.engine.lastError == nil, "\(String(describing: fixture.engine.lastError))")
        #expect(fixture.engine.statistics.errors == 0)
        #expect(played > 1000)
        #expect(fixture.engine.statistics.uploads > 1000, "the workload must churn the slots")
        // The engine and the device agree on what is uploaded, and it never exceeded the slots.
        #expect(Set(fixture.hardware.residentEffects.keys) == Set(fixture.engine.residentEffectIDs))
        #expect(fixture.hardware.mostResidentEffects <= 16)
        #expect(fixture.engine.device.ownedEffects == Set(fixture.engine.residentEffectIDs))
        fixture.engine.close()
        #expect(fixture.hardware.residentEffects.isEmpty)
    }

    @Test func mixedTriggersOnOneSlotNeverHoldMoreThanOne() throws {
        let fixture = try HapticFixture(.oneSlot())
        fixture.hardware.keepsEvents = false
        _ = Self.trigger(10_000, on: fixture, seed: 11)
        #expect(fixture.engine.lastError == nil, "\(String(describing: fixture.engine.lastError))")
        #expect(fixture.hardware.mostResidentEffects == 1)
        #expect(fixture.hardware.residentEffects.count == 1)
        fixture.engine.close()
        #expect(fixture.hardware.residentEffects.isEmpty)
    }
}
