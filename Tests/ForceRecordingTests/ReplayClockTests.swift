import Testing
@testable import ForceRecording

/// `ReplayClock`'s schedule arithmetic (what it waits for, not how precisely it wakes).
struct ReplayClockTests {
    @Test func maximumSpeedNeverWaits() {
        var clock = ReplayClock(speed: .maximum)
        #expect(clock.delay(until: 0) == .zero)
        #expect(clock.delay(until: 60_000_000) == .zero)
        #expect(clock.wait(until: 120_000_000) == 0)
    }

    @Test func firstEventStartsTheScheduleAndLaterOnesAreDueAtTheirOffsets() {
        var clock = ReplayClock(speed: .realtime)
        #expect(clock.delay(until: 5_000_000) == .zero, "the first event is due at once")
        // An hour later in the recording is about an hour from now (minus the moments this takes).
        let delay = clock.delay(until: 5_000_000 + 3_600_000_000)
        #expect(delay > .seconds(3_590) && delay <= .seconds(3_600))
    }

    @Test func factorScalesTheOffsets() {
        var clock = ReplayClock(speed: .factor(4))
        _ = clock.delay(until: 0)
        let delay = clock.delay(until: 3_600_000_000)
        #expect(delay > .seconds(890) && delay <= .seconds(900))
    }

    @Test func startingInThePastMakesLaterEventsLate() {
        var clock = ReplayClock(speed: .realtime)
        clock.start(at: 1_000_000, dueAt: ContinuousClock.now.advanced(by: .seconds(-100)))
        // Recorded 10 s after the first frame, which went out 100 s ago: 90 s late.
        let delay = clock.delay(until: 11_000_000)
        #expect(delay < .seconds(-89) && delay >= .seconds(-91))
        #expect(clock.wait(until: 11_000_000) >= 89_000_000, "wait returns at once, with the lateness")
    }
}
