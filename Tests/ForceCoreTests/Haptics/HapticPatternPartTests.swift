import ForceCore
import Testing

/// Patterns longer than the kernel's 32.767 s delay limit: parts of 30 s, each timed from its own
/// start, holding at most half of the slots, with pulses cut at the boundaries.
@Suite("Haptics: long patterns in parts")
struct HapticPatternPartTests {
    static let renderer = try! HapticRendererTests.renderer(HapticRendererTests.phone)

    static func rumble(length: Int, delay: Int = 0) -> HapticEffect {
        HapticRendererTests.rumble(65535, 65535, length: length, delay: delay)
    }

    @Test func aPatternWithinTheLimitIsOnePartAsRenderMakesIt() throws {
        let pattern = HapticPattern(events: [.transient(at: 0), .continuous(at: 32, duration: 5)])
        let parts = try Self.renderer.renderParts(pattern, maximumEffects: 16)
        #expect(parts == [HapticPatternPart(offset: 0, effects: try Self.renderer.render(pattern, maximumEffects: 16))])
        #expect(try Self.renderer.renderParts(HapticPattern(events: []), maximumEffects: 16).isEmpty)
    }

    @Test("a 70 s pattern: parts at 0, 30 and 60 s, a buzz across a boundary cut there")
    func seventySeconds() throws {
        let pattern = HapticPattern(events: [
            .transient(at: 0, sharpness: 1), .transient(at: 29.5, sharpness: 1), .continuous(at: 29.9, duration: 0.3),
            .transient(at: 45, sharpness: 1), .transient(at: 69.98, sharpness: 1),
        ])
        let parts = try Self.renderer.renderParts(pattern, maximumEffects: 16)
        #expect(parts == [
            HapticPatternPart(offset: 0, effects: [Self.rumble(length: 20), Self.rumble(length: 20, delay: 29_500), Self.rumble(length: 100, delay: 29_900)]),
            HapticPatternPart(offset: 30_000, effects: [Self.rumble(length: 200), Self.rumble(length: 20, delay: 15_000)]),
            HapticPatternPart(offset: 60_000, effects: [Self.rumble(length: 20, delay: 9_980)]),
        ])
        #expect(parts.map(\.end) == [30_000, 45_020, 70_000])
        // Every part ends before the next starts, and fits the kernel's limits.
        for (part, next) in zip(parts, parts.dropFirst()) { #expect(part.end <= next.offset) }
        #expect(parts.allSatisfy { $0.effects.allSatisfy { $0.end <= HapticPatternPart.span } })
    }

    @Test func aBuzzLongerThanAPartSpansParts() throws {
        let parts = try Self.renderer.renderParts(HapticPattern(.continuous(at: 10, duration: 60)), maximumEffects: 16)
        #expect(parts == [
            HapticPatternPart(offset: 0, effects: [Self.rumble(length: 20_000, delay: 10_000)]),
            // The kernel's longest effect (32.767 s) ends inside this part: two pieces back to back.
            HapticPatternPart(offset: 30_000, effects: [Self.rumble(length: 12_767), Self.rumble(length: 17_233, delay: 12_767)]),
            HapticPatternPart(offset: 60_000, effects: [Self.rumble(length: 10_000)]),
        ])
    }

    @Test func eachPartHoldsAtMostHalfTheSlots() throws {
        let taps = (0..<40).map { HapticEvent.transient(at: Double($0) * 0.5, sharpness: 1) }
        let pattern = HapticPattern(events: taps + [.transient(at: 40)])
        for slots in [1, 2, 3, 8, 16] {
            let parts = try Self.renderer.renderParts(pattern, maximumEffects: slots)
            #expect(parts.map(\.offset) == [0, 30_000])
            #expect(parts.allSatisfy { $0.effects.count <= max(1, slots / 2) })
        }
    }

    @Test func eventsAfterAnHourAreRefused() {
        #expect(throws: HapticRenderError.startsTooLate(seconds: 3601, limit: 3600)) {
            try Self.renderer.renderParts(HapticPattern(.transient(at: 3601)), maximumEffects: 16)
        }
        #expect(HapticRenderError.startsTooLate(seconds: 3601, limit: 3600).description
            == "an event starts at 3601.0 s, later than ForceBridge plays a pattern (3600.0 s); split the pattern into shorter ones")
    }
}
