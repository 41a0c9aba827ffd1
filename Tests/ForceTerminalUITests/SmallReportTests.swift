import Foundation
import ForceAnalysis
@testable import ForceDevices
import ForceSession
import ForceTerminalUI
import ForceTestSupport
import RatingOverlay
import Synchronization
import Testing

/// The smaller reports: ratings, the haptic benchmark's figures, and check's progress line.
struct SmallReportTests {
    /// Bytes kept from any thread.
    private final class Capture: TextDestination, Sendable {
        private let bytes = Mutex<[UInt8]>([])
        func write(_ bytes: [UInt8]) -> Bool {
            self.bytes.withLock { $0 += bytes }
            return true
        }
        var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }
    }

    @Test func ratingsAsTextAndJSON() throws {
        let home = try TemporaryDirectory()
        let store = RatingStore(directory: URL(fileURLWithPath: home.path))
        store.replaceRatings(with: ["🐙": .up, "🍕": .down])
        let report = RatingsReport(store: store)
        #expect(report.textLines == ["Ratings in \(home.path)/ratings.json:", "  🍕 👎", "  🐙 👍"])
        #expect(report.jsonLine == "{\"type\":\"ratings\",\"ratings\":{\"🍕\":\"down\",\"🐙\":\"up\"},\"file\":\"\(home.path)/ratings.json\"}")
        store.replaceRatings(with: [:])
        #expect(report.textLines == ["Ratings in \(home.path)/ratings.json: none"])
    }

    @Test func theBenchmarkInMilliseconds() {
        let latencies: [Int64] = (1...100).map { Int64($0) * 10 }
        let result = HapticBenchmark.Result(
            node: "/dev/input/event9", triggers: 100, prepared: latencies, preempting: latencies, unprepared: latencies.map { $0 + 1000 },
            stalls: [0, 5, 2000], preparedUploads: 1, unpreparedUploadsPerTrigger: 1, steadyUploadsPer1000: 12, steadyPlayed: 1000,
            steadyDropped: 0, oneSlotUploadsPer1000: 700)
        #expect(HapticBenchmark.Result.percentile(latencies, 0.5) == 0.5)
        #expect(HapticBenchmark.Result.percentile([], 0.5).isNaN)
        let report = HapticBenchmarkReport(result)
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Haptic trigger → EV_FF play request seen by the device (/dev/input/event9, 100 triggers each, ms):")
        #expect(lines[1] == "  prepared:   p50 0.5  p90 0.9  p99 0.99  max 1.0  over 1 ms: 0  (uploads: 1 in total, the one prepare)")
        #expect(lines[3] == "  environment: a 50 µs busy window ended late by p50 0.005  p99 2.0  max 2.0  over 1 ms: 1")
        #expect(lines[5] == "Steady state, mixed generator feedback: 12 uploads per 1000 triggers (16 slots; 1000 played, 0 dropped); one-slot device: 700")
        #expect(report.json == "{\"triggers\":100,\"preparedP50Ms\":0.5,\"preparedP99Ms\":0.99,\"preemptingP50Ms\":0.5,\"preemptingP99Ms\":0.99,"
            + "\"unpreparedP50Ms\":1.5,\"unpreparedP99Ms\":1.99,\"environmentStallP99Ms\":2.0,\"steadyUploadsPer1000\":12,\"oneSlotUploadsPer1000\":700}")
    }

    @Test func theProgressLineCountsAndRedrawsInPlace() {
        let capture = Capture()
        let progress = CheckProgress(total: 2, destination: capture)
        progress.started("recordings/a-very-long-name-that-does-not-fit-on-one-line-of-the-terminal.evemu")
        progress.finished(CheckOutcome(recording: "a", seconds: 0.1, result: .unreadable("a: no such file")))
        progress.clear()
        let draws = capture.text.components(separatedBy: "\r\u{1B}[K").filter { !$0.isEmpty }
        #expect(draws == [
            "checking 0/2: …-does-not-fit-on-one-line-of-the-terminal.evemu",
            "checking 1/2, 1 failed: …-does-not-fit-on-one-line-of-the-terminal.evemu",
        ])
        #expect(capture.text.hasSuffix("\r\u{1B}[K"))
    }
}
