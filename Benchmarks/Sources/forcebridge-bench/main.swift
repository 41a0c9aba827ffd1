// forcebridge-bench: generates the benchmark recording and times single passes over it, for
// compare-libevemu.sh and for quick checks without the benchmark framework.
//
//   forcebridge-bench generate [--events N] [--seed S] [FILE]
//   forcebridge-bench parse FILE       read every event, nothing else
//   forcebridge-bench replay FILE      parse + track + force + interaction (as `forcebridge replay`)
//   forcebridge-bench pipeline FILE    parse first (not timed), then time the pipeline alone
//
// Timed modes print one JSON line: the mode, events, frames, seconds and events per second
// measured inside the process (replay and pipeline also print the session summary).
import BenchmarkSupport
import ForceCore
import ForceRecording
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("forcebridge-bench: \(message)\n".utf8))
    exit(2)
}

func report(mode: String, events: Int, frames: Int, seconds: Double, extra: String = "") {
    let rate = seconds > 0 ? Int((Double(events) / seconds).rounded()) : 0
    let secondsText = String(format: "%.6f", seconds)
    print("{\"mode\":\"\(mode)\",\"events\":\(events),\"frames\":\(frames),\"seconds\":\(secondsText),\"eventsPerSecond\":\(rate)\(extra)}")
}

func timed<Result>(_ body: () throws -> Result) rethrows -> (Result, Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    let (seconds, attoseconds) = (clock.now - start).components
    return (result, Double(seconds) + Double(attoseconds) / 1e18)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else {
    fail("usage: forcebridge-bench generate [--events N] [--seed S] [FILE] | parse FILE | replay FILE | pipeline FILE")
}
arguments.removeFirst()

do {
    switch mode {
    case "generate":
        var events = BenchmarkRecording.defaultEventCount
        var seed = TouchscreenSessionGenerator.defaultSeed
        var path = BenchmarkRecording.path
        while let argument = arguments.first {
            arguments.removeFirst()
            switch argument {
            case "--events":
                guard let value = arguments.first.flatMap({ Int($0) }), value > 0 else { fail("--events needs a positive number") }
                events = value
                arguments.removeFirst()
            case "--seed":
                guard let value = arguments.first.flatMap({ UInt64($0) }) else { fail("--seed needs a number") }
                seed = value
                arguments.removeFirst()
            default:
                path = argument
            }
        }
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        let tally = try TouchscreenSessionGenerator.write(to: path, eventCount: events, seed: seed)
        print("\(path): \(tally)")

    case "parse", "replay", "pipeline":
        guard arguments.count == 1, let path = arguments.first else { fail("usage: forcebridge-bench \(mode) FILE") }
        switch mode {
        case "parse":
            let (tally, seconds) = try timed { try ReplayWorkload.parse(path: path) }
            report(mode: mode, events: tally.events, frames: tally.frames, seconds: seconds, extra: ",\"checksum\":\(tally.checksum)")
        case "replay":
            let (summary, seconds) = try timed { try ReplayWorkload.replay(path: path) }
            report(mode: mode, events: summary.events, frames: summary.frames, seconds: seconds,
                   extra: ",\"summary\":\(ReplayWorkload.jsonLine(summary))")
        default:
            let recording = try Recording(contentsOf: path)
            let (summary, seconds) = timed { ReplayWorkload.process(recording.events, device: recording.description) }
            report(mode: mode, events: summary.events, frames: summary.frames, seconds: seconds,
                   extra: ",\"summary\":\(ReplayWorkload.jsonLine(summary))")
        }

    default:
        fail("unknown mode '\(mode)'; expected generate, parse, replay or pipeline")
    }
} catch {
    fail("\(error)")
}
