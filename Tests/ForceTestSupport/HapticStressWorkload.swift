import ForceCore
import ForceDevices

/// A random mix of everything the haptic engine plays: every generator, random intensities (165
/// distinct impacts for 16 slots), patterns of several events, stops in between. The stress tests
/// run it on a simulated force-feedback node on the host and on a uinput device in the guest.
public enum HapticStressWorkload {
    /// Fires `count` random feedbacks on `engine`, seeded by `seed`, calling `pace` before each
    /// (a real device needs time to read what the engine wrote); stops at the engine's first
    /// error. Returns how many feedbacks played.
    public static func trigger(_ count: Int, on engine: HapticEngine, seed: UInt64, pace: () -> Void = {}) -> Int {
        let impacts = ImpactFeedbackStyle.allCases.map { ImpactFeedbackGenerator(style: $0, player: engine) }
        let notifications = NotificationFeedbackGenerator(player: engine)
        let selection = SelectionFeedbackGenerator(player: engine)
        let preview = PreviewHaptics(player: engine)
        let custom = HapticPattern(events: [.transient(at: 0, intensity: 0.6), .continuous(at: 0.05, duration: 0.1, intensity: 0.4, sharpness: 0.2),
                                            .transient(at: 0.2, intensity: 1, sharpness: 0.9)])
        var random = SplitMix(seed: seed)
        for _ in 0..<count {
            pace()
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
}

extension SplitMix {
    /// A random number in 0..<`bound` (the remainder of the next 64 bits), for reproducible
    /// random triggers.
    public mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
