import Testing
@testable import ForceRecording

/// `ReplayClock`'s schedule arithmetic: when each recorded moment is due on the monotonic clock.
struct ReplayClockTests {
    @Test func maximumSpeedHasNoSchedule() {
        var clock = ReplayClock(speed: .maximum)
        let first = clock.dueTime(of: 0, now: 1_000)
        let later = clock.dueTime(of: 60_000_000, now: 2_000)
        #expect(first == nil && later == nil)
        #expect(clock.recordedTime(dueAt: 5_000) == nil)
    }

    @Test func firstEventStartsTheScheduleAndLaterOnesAreDueAtTheirOffsets() {
        var clock = ReplayClock(speed: .realtime)
        let first = clock.dueTime(of: 5_000_000, now: 42_000)
        let hourLater = clock.dueTime(of: 5_000_000 + 3_600_000_000, now: 50_000)
        #expect(first == 42_000, "the first event is due at once")
        #expect(hourLater == Int64(3_600_042_000))
        #expect(clock.recordedTime(dueAt: 42_000 + 1_000) == 5_001_000)
    }

    @Test func factorScalesTheOffsets() {
        var clock = ReplayClock(speed: .factor(4))
        _ = clock.dueTime(of: 0, now: 0)
        let due = clock.dueTime(of: 3_600_000_000, now: 0)
        #expect(due == 900_000_000)
        #expect(clock.recordedTime(dueAt: 900_000_000) == 3_600_000_000)
    }

    @Test func anExplicitStartAnchorsTheSchedule() {
        var clock = ReplayClock(speed: .realtime)
        clock.start(at: 1_000_000, dueAt: 7_000_000)
        let due = clock.dueTime(of: 11_000_000, now: 0)
        #expect(due == 17_000_000, "recorded 10 s after the first frame")
    }

    @Test func theScheduledTimeNeverStartsTheSchedule() {
        var clock = ReplayClock(speed: .factor(2))
        #expect(clock.scheduledTime(of: 4_000_000) == nil, "not started yet")
        #expect(!clock.isStarted)
        _ = clock.dueTime(of: 1_000_000, now: 500)
        #expect(clock.scheduledTime(of: 5_000_000) == 2_000_500, "4 s recorded at twice the speed")
        #expect(!clock.runsInVirtualTime)
        #expect(ReplayClock(speed: .maximum).runsInVirtualTime)
    }
}
