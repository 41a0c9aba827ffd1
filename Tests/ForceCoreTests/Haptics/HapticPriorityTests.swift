import ForceCore
import Testing

/// The priority policy: one feedback at a time; equal or higher pre-empts, lower is dropped.
@Suite("Haptics: priority policy")
struct HapticPriorityTests {
    @Test func anythingPlaysWhenNothingDoes() {
        let arbiter = HapticArbiter()
        for priority in HapticPriority.allCases { #expect(arbiter.decide(priority, at: 0) == .play(stopping: [])) }
    }

    @Test func aNewImpactReplacesTheCurrentOne() {
        var arbiter = HapticArbiter()
        arbiter.started(.impact, ids: [3], until: 30_000)
        #expect(arbiter.decide(.impact, at: 10_000) == .play(stopping: [3]))
    }

    @Test func aNotificationPreemptsASelectionTickOrAnImpact() {
        var arbiter = HapticArbiter()
        arbiter.started(.selection, ids: [1], until: 20_000)
        #expect(arbiter.decide(.notification, at: 5_000) == .play(stopping: [1]))
        arbiter.started(.impact, ids: [2], until: 40_000)
        #expect(arbiter.decide(.notification, at: 25_000) == .play(stopping: [2]))
    }

    @Test func lowerPriorityFeedbackIsDroppedWhileAHigherOnePlays() {
        var arbiter = HapticArbiter()
        arbiter.started(.notification, ids: [4, 5, 6, 7], until: 234_000)
        #expect(arbiter.decide(.selection, at: 100_000) == .drop(playing: .notification))
        #expect(arbiter.decide(.impact, at: 100_000) == .drop(playing: .notification))
        // ... but not after it ended.
        #expect(arbiter.decide(.selection, at: 234_000) == .play(stopping: []))
    }

    @Test func forgottenIdsAreNotStopped() {
        var arbiter = HapticArbiter()
        arbiter.started(.impact, ids: [1, 2], until: 50_000)
        arbiter.forget(1)
        #expect(arbiter.decide(.impact, at: 0) == .play(stopping: [2]))
        arbiter.forget(2)
        #expect(arbiter.current == nil)
        arbiter.started(.impact, ids: [1], until: 50_000)
        arbiter.stopAll()
        #expect(arbiter.playing(at: 0) == nil)
    }
}
