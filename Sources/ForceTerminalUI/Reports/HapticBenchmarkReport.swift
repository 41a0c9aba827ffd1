import ForceDevices

/// `haptic benchmark`'s report of a `HapticBenchmark.Result`: a table, or one JSON object.
package struct HapticBenchmarkReport {
    /// What was measured.
    package var result: HapticBenchmark.Result

    package init(_ result: HapticBenchmark.Result) {
        self.result = result
    }

    /// A table of milliseconds.
    package var text: String {
        let r = result
        var lines = ["Haptic trigger → EV_FF play request seen by the device (\(r.node), \(r.triggers) triggers each, ms):"]
        lines.append("  prepared:   p50 \(ms(r.prepared, 0.5))  p90 \(ms(r.prepared, 0.9))  p99 \(ms(r.prepared, 0.99))  max \(ms(r.prepared, 1))  "
            + "over 1 ms: \(r.prepared.filter { $0 > 1000 }.count)  (uploads: \(r.preparedUploads) in total, the one prepare)")
        lines.append("  prepared, pre-empting the previous impact: p50 \(ms(r.preempting, 0.5))  p90 \(ms(r.preempting, 0.9))  "
            + "p99 \(ms(r.preempting, 0.99))  max \(ms(r.preempting, 1))  over 1 ms: \(r.preempting.filter { $0 > 1000 }.count)")
        lines.append("  environment: a 50 µs busy window ended late by p50 \(ms(r.stalls, 0.5))  p99 \(ms(r.stalls, 0.99))  max \(ms(r.stalls, 1))  "
            + "over 1 ms: \(r.stalls.filter { $0 > 1000 }.count)")
        lines.append("  unprepared: p50 \(ms(r.unprepared, 0.5))  p90 \(ms(r.unprepared, 0.9))  p99 \(ms(r.unprepared, 0.99))  max \(ms(r.unprepared, 1))  "
            + "(\(r.unpreparedUploadsPerTrigger) uploads per trigger)")
        lines.append("Steady state, mixed generator feedback: \(r.steadyUploadsPer1000) uploads per 1000 triggers (16 slots; \(r.steadyPlayed) played, "
            + "\(r.steadyDropped) dropped); one-slot device: \(r.oneSlotUploadsPer1000)")
        return lines.joined(separator: "\n")
    }

    /// One JSON object: the percentiles in milliseconds and the uploads.
    package var json: String {
        let r = result
        func p(_ sorted: [Int64], _ fraction: Double) -> Double { HapticBenchmark.Result.percentile(sorted, fraction) }
        return "{\"triggers\":\(r.triggers),\"preparedP50Ms\":\(p(r.prepared, 0.5)),\"preparedP99Ms\":\(p(r.prepared, 0.99)),"
            + "\"preemptingP50Ms\":\(p(r.preempting, 0.5)),\"preemptingP99Ms\":\(p(r.preempting, 0.99)),"
            + "\"unpreparedP50Ms\":\(p(r.unprepared, 0.5)),\"unpreparedP99Ms\":\(p(r.unprepared, 0.99)),"
            + "\"environmentStallP99Ms\":\(p(r.stalls, 0.99)),"
            + "\"steadyUploadsPer1000\":\(r.steadyUploadsPer1000),\"oneSlotUploadsPer1000\":\(r.oneSlotUploadsPer1000)}"
    }

    /// The value at `fraction` of `sorted` microseconds, in milliseconds rounded to the microsecond.
    private func ms(_ sorted: [Int64], _ fraction: Double) -> String {
        "\((HapticBenchmark.Result.percentile(sorted, fraction) * 1000).rounded() / 1000)"
    }
}
