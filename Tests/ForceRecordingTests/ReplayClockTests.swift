import Testing
@testable import ForceRecording

/// `ReplayClock`'s schedule arithmetic: when each recorded moment is due on the monotonic clock.
struct ReplayClockTests {
    @Test func maximumSpeedHasNoSchedule() {
        var clock = ReplayClock(speed: .maximum)
        #expect(clock.dueTime(of: 0, now: 1_000) == nil)
        #expect(clock.dueTime(of: 60_000_000, now: 2_000) == nil)
        #expect(clock.recordedTime(dueAt: 5_000) == nil)
    }

    @Test func firstEventStartsTheScheduleAndLaterOnesAreDueAtTheirOffsets() {
        var clock = ReplayClock(speed: .realtime)
        #expect(clock.dueTime(of: 5_000_000, now: 42_000) == 42_000, "the first event is due at once")
        #expect(clock.dueTime(of: 5_000_000 + 3_600_000_000, now: 50_000) == 42_000 + 3_600_000_000)
        #expect(clock.recordedTime(dueAt: 42_000 + 1_000) == 5_001_000)
    }

    @Test func factorScalesTheOffsets() {
        var clock = ReplayClock(speed: .factor(4))
        _ = clock.dueTime(of: 0, now: 0)
        #expect(clock.dueTime(of: 3_600_000_000, now: 0) == 900_000_000)
        #expect(clock.recordedTime(dueAt: 900_000_000) == 3_600_000_000)
    }

    @Test func anExplicitStartAnchorsTheSchedule() {
        var clock = ReplayClock(speed: .realtime)
        clock.start(at: 1_000_000, dueAt: 7_000_000)
        #expect(clock.dueTime(of: 11_000_000, now: 0) == 17_000_000, "recorded 10 s after the first frame")
    }
}
