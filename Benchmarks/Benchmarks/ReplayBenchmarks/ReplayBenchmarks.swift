// The replay pipeline under ordo-one/benchmark, over the generated recording (at least 1,000,000
// events, see BenchmarkRecording). Each iteration is one whole pass over the file, so the malloc
// counts are per pass; the `events` metric is the divisor for per-event figures.
//
// Every workload is measured twice:
// - "pass": opening the file (header, buffers) and building the pipeline are inside the
//   measurement, as in `forcebridge replay`: a fixed number of allocations per pass, whatever
//   the number of events;
// - "steady state": the reader and pipeline are set up before the measurement starts, which then
//   covers reading and processing the events only: it must allocate nothing.
//
//   swift package benchmark --target ReplayBenchmarks
import Benchmark
import BenchmarkSupport
import ForceCore
import ForceRecording
import ForceSession

/// Events per second, measured by the benchmark itself for each pass.
let eventsPerSecond = BenchmarkMetric.custom("events/s", polarity: .prefersLarger, useScalingFactor: false)
/// The events in one pass (constant: the divisor for per-event figures).
let eventsPerPass = BenchmarkMetric.custom("events", polarity: .prefersLarger, useScalingFactor: false)

/// Only metrics that cost no allocation to collect: operating-system metrics (`.cpuTotal`,
/// `.peakMemoryResident`, ...) read /proc while the measurement runs, and those allocations would
/// show up in the malloc counts of the measured code (16 per pass here).
let metrics: [BenchmarkMetric] = [
    .wallClock, .throughput, .mallocCountTotal, .mallocBytesCount,
    eventsPerSecond, eventsPerPass,
]

/// Times `body` between explicit start and stop marks (what comes before is setup) and records
/// its event count and rate.
func measure(_ benchmark: Benchmark, _ body: () throws -> Int) rethrows {
    let clock = ContinuousClock()
    benchmark.startMeasurement()
    let start = clock.now
    let events = try body()
    let elapsed = clock.now - start
    benchmark.stopMeasurement()
    let (seconds, attoseconds) = elapsed.components
    let total = Double(seconds) + Double(attoseconds) / 1e18
    benchmark.measurement(eventsPerSecond, total > 0 ? Int(Double(events) / total) : 0)
    benchmark.measurement(eventsPerPass, events)
}

nonisolated(unsafe) var recordingPath = ""
nonisolated(unsafe) var parsedRecording: Recording?

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: metrics,
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(10),
        maxIterations: 5
    )

    Benchmark.setup = {
        recordingPath = try BenchmarkRecording.ensure()
    }

    // (a) What `forcebridge replay FILE --format summary` does: parse + track + force + interaction.
    Benchmark("Replay pass: parse + track + force + interaction") { benchmark in
        try measure(benchmark) {
            let summary = try ReplayWorkload.replay(path: recordingPath)
            blackHole(summary)
            return summary.events
        }
    }

    Benchmark("Replay steady state: parse + track + force + interaction") { benchmark in
        let reader = try RecordingFormat.open(path: recordingPath)
        let pipeline = InputPipeline(device: reader.description)
        try measure(benchmark) {
            let summary = try ReplayWorkload.replay(reader, through: pipeline)
            blackHole(summary)
            return summary.events
        }
    }

    // (a') The same through the session runtime, as `forcebridge replay` runs it now: a recording
    // source at maximum speed on an event loop (a batch of events per turn), the session's
    // deadline handling, and a summary sink hearing every frame.
    Benchmark("Session pass: recording source + loop + pipeline + summary sink") { benchmark in
        try measure(benchmark) {
            let session = Session(source: try RecordingSource(path: recordingPath))
            let output = TextOutput(CapturedText())
            session.pipeline.attach(JSONLinesSink(output: output, style: .summary))
            try session.run()
            blackHole(output)
            return session.pipeline.summary.events
        }
    }

    // (b) The evemu reader alone.
    Benchmark("Parse pass (EvemuReader)") { benchmark in
        try measure(benchmark) {
            let tally = try ReplayWorkload.parse(path: recordingPath)
            blackHole(tally)
            return tally.events
        }
    }

    Benchmark("Parse steady state (EvemuReader)") { benchmark in
        let reader = try EvemuReader(path: recordingPath)
        try measure(benchmark) {
            let tally = try ReplayWorkload.parse(reader)
            blackHole(tally)
            return tally.events
        }
    }

    // (c) The pipeline alone, over events parsed before the measurement.
    let preParsed = Benchmark.Configuration(
        setup: { parsedRecording = try Recording(contentsOf: recordingPath) },
        teardown: { parsedRecording = nil })

    Benchmark("Pipeline pass (pre-parsed events)", configuration: preParsed) { benchmark in
        guard let recording = parsedRecording else { return }
        measure(benchmark) {
            let summary = ReplayWorkload.process(recording.events, device: recording.description)
            blackHole(summary)
            return summary.events
        }
    }

    Benchmark("Pipeline steady state (pre-parsed events)", configuration: preParsed) { benchmark in
        guard let recording = parsedRecording else { return }
        let pipeline = InputPipeline(device: recording.description)
        measure(benchmark) {
            let summary = ReplayWorkload.process(recording.events, through: pipeline)
            blackHole(summary)
            return summary.events
        }
    }
}
