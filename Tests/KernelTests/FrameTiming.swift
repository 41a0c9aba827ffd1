import ForceSystem
import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices

/// Collects what a live reader sees of each frame, for comparing its timing with a recording's:
/// the frame's events, the kernel's timestamp of its `SYN_REPORT`, and when the reader got it.
/// Storing is cheap (events go into one flat array) so that the reader keeps up with the device.
final class FrameTimingSink: InputEventSink {
    /// One frame as read.
    struct Frame {
        /// (type, code, value) of each event before the `SYN_REPORT`.
        var events: ArraySlice<[Int32]>
        /// The kernel's timestamp (CLOCK_MONOTONIC, microseconds).
        var kernelTime: Int64
        /// When the reader had it (CLOCK_MONOTONIC, microseconds).
        var readTime: Int64
    }

    private var events: [InputEvent] = []
    private var ends: [(end: Int, kernelTime: Int64, readTime: Int64)] = []
    private let next: any InputEventSink
    /// How many times the kernel dropped events for this reader (SYN_DROPPED).
    private(set) var resynchronizations = 0

    /// Forwards every event to `next` as well.
    init(forwardingTo next: any InputEventSink) {
        self.next = next
        events.reserveCapacity(1 << 16)
    }

    func process(_ event: InputEvent) {
        next.process(event)
        if event.isFrameEnd {
            ends.append((events.count, event.time, MonotonicClock.now()))
        } else {
            events.append(event)
        }
    }

    func beginResynchronization(at time: Int64) {
        next.beginResynchronization(at: time)
        resynchronizations += 1
    }

    /// The frames read so far.
    var frames: [Frame] {
        let values = events.map { [Int32($0.type.rawValue), Int32($0.code.rawValue), $0.value] }
        var start = 0
        return ends.map { end in
            defer { start = end.end }
            return Frame(events: values[start..<end.end], kernelTime: end.kernelTime, readTime: end.readTime)
        }
    }

    /// How many frames were read so far.
    var frameCount: Int { ends.count }
}

/// Timing errors of frames played into a device against the recording's frame times, each
/// relative to the first frame: `(live - liveFirst) - (recorded - recordedFirst)`.
struct FrameTimingErrors: CustomStringConvertible {
    /// Signed errors in microseconds, in frame order.
    let errors: [Int64]

    /// Live frames that matched no recorded frame (index and events), which should not happen.
    let unmatched: [(index: Int, events: ArraySlice<[Int32]>)]

    /// Matches `live` frames to `recorded` frames (recording times in microseconds, and each
    /// frame's events) in order. The kernel drops events that repeat a value, so a live frame
    /// matches the next recorded frame whose events contain its own in order. `time` picks the
    /// live time to use.
    init(live: [FrameTimingSink.Frame], recorded: [(time: Int64, events: [[Int32]])], time: (FrameTimingSink.Frame) -> Int64) {
        var errors: [Int64] = []
        var unmatched: [(index: Int, events: ArraySlice<[Int32]>)] = []
        var index = 0
        var origin: (live: Int64, recorded: Int64)?
        for (liveIndex, frame) in live.enumerated() {
            guard let match = recorded[index...].firstIndex(where: { Self.isSubsequence(frame.events, of: $0.events) }) else {
                unmatched.append((liveIndex, frame.events))
                continue
            }
            index = match
            let liveTime = time(frame)
            let recordedTime = recorded[index].time
            if origin == nil { origin = (liveTime, recordedTime) }
            errors.append((liveTime - origin!.live) - (recordedTime - origin!.recorded))
            index += 1
        }
        self.errors = errors
        self.unmatched = unmatched
    }

    private static func isSubsequence(_ part: ArraySlice<[Int32]>, of whole: [[Int32]]) -> Bool {
        var position = whole.startIndex
        for event in part {
            guard let found = whole[position...].firstIndex(of: event) else { return false }
            position = found + 1
        }
        return true
    }

    /// The `fraction` percentile (nearest rank) of the absolute errors, in milliseconds.
    func percentile(_ fraction: Double) -> Double {
        let sorted = errors.map { abs($0) }.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))
        return Double(sorted[rank]) / 1000
    }

    /// The mean signed error in milliseconds (positive: late).
    var mean: Double { errors.isEmpty ? 0 : Double(errors.reduce(0, +)) / Double(errors.count) / 1000 }

    var description: String {
        String(format: "%d frames, |error| p50 %.3f ms, p99 %.3f ms, max %.3f ms (mean %+.3f ms)",
               errors.count, percentile(0.5), percentile(0.99), percentile(1), mean)
    }
}
