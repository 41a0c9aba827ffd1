import ForceCore
import ForceTestSupport
import Foundation
import Testing

/// `forcebridge-view --rate` and `--bounce` on replays, read by a WebSocket client: the rating
/// is decided and saved by the server, as `forcebridge rate` does; the bounces are the same at
/// any replay speed.
@Suite(.serialized) struct AppPageTests {
    @Test func theRatePageRatesAndSavesAsRateDoes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = directory.path
        let view = try ViewServerTests.RunningView(["--rate", "--replay", "recordings/stylus-commit.evemu", "--speed", "max"],
                                                   environment: environment)
        let lines = try ViewServerTests.webSocketLines(view.url)
        // The overlay's events are the lines `rate --headless --format jsonl` prints for them.
        var rateEnvironment = environment
        rateEnvironment["XDG_DATA_HOME"] = directory.path("rate")
        let rate = try ChildProcess(Repository.forcebridge, ["rate", "--replay", "recordings/stylus-commit.evemu", "--headless", "--format", "jsonl"],
                                    environment: rateEnvironment, workingDirectory: Repository.root)
        #expect(rate.wait(seconds: TestTimeout.seconds) == 0, "\(rate.standardError)")
        func type(_ line: String) -> String { line.split(separator: "\"", maxSplits: 4).dropFirst(3).first.map(String.init) ?? "" }
        let rateEvents = rate.standardOutput.split(separator: "\n").map(String.init).filter { !["overlay", "ratings", "summary"].contains(type($0)) }
        let session: Set = ["device", "touch", "interaction", "device-lost", "summary"]
        let events = lines.filter { !session.contains(type($0)) && !type($0).hasPrefix("view-") }
        #expect(events == rateEvents)
        #expect(events.contains { $0.contains(#""type":"rated","time":1.280053,"item":5,"emoji":"🐙","rating":"up""#) }, "\(events)")
        #expect(events.contains { $0.contains(#""type":"prefetch","time":0,"items":[12,13,14,15,16,17,18,19]"#) })
        let states = lines.filter { $0.contains(#""type":"view-rate""#) }
        #expect(states.contains { $0.contains(#""phase":"preview""#) } && states.contains { $0.contains(#""phase":"commit""#) })
        #expect(states.last?.contains(#""outcome":{"kind":"rated","item":5,"rating":"up"}"#) == true)
        #expect(lines.contains { $0.contains(#""moment":"peek""#) } && lines.contains { $0.contains(#""moment":"pop""#) })
        let saved = try String(contentsOfFile: directory.path("forcebridge/ratings.json"), encoding: .utf8)
        #expect(saved.contains(#""🐙" : "up""#), "\(saved)")
    }

    @Test func theBouncesAreTheSameAtAnyReplaySpeed() throws {
        func hits(speed: String) throws -> [String] {
            let view = try ViewServerTests.RunningView(["--bounce", "--replay", "recordings/fling.evemu", "--speed", speed])
            return try ViewServerTests.webSocketLines(view.url).filter {
                $0.contains(#""type":"view-bounce-collision""#) || $0.contains(#""moment":"collision""#)
            }
        }
        let fast = try hits(speed: "max")
        #expect(fast.count == 8, "four hits, each played: \(fast)")
        #expect(fast.first?.contains(#""edge":"top""#) == true)
        #expect(try hits(speed: "4") == fast)
    }
}
