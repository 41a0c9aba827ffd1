import ForceService
import Testing

/// The per-client haptics limit: a burst, then the long-run rate; clients are independent.
struct RequestRateLimitTests {
    @Test func aBurstThenTheRate() {
        var limit = RequestRateLimit(perSecond: 10, burst: 3)
        var admitted = (0..<5).map { _ in limit.admit(":1.1", at: 0) }
        #expect(admitted == [true, true, true, false, false])
        // 100 ms later one more request is due, not two.
        admitted = [limit.admit(":1.1", at: 100_000), limit.admit(":1.1", at: 100_000)]
        #expect(admitted == [true, false])
    }

    @Test func oneClientsFloodLeavesOthersAlone() {
        var limit = RequestRateLimit(perSecond: 1, burst: 1)
        var admitted = [limit.admit(":1.1", at: 0), limit.admit(":1.1", at: 1), limit.admit(":1.2", at: 1)]
        #expect(admitted == [true, false, true])
        limit.forget(":1.1")
        admitted = [limit.admit(":1.1", at: 2)]
        #expect(admitted == [true])
    }
}
