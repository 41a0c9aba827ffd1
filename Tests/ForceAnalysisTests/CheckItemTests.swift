import ForceAnalysis
import Foundation
import Synchronization
import Testing

/// `check`'s work on one recording, without I/O of its own: the transcript and the golden files
/// come from a `CheckEnvironment`, here in memory.
@Suite("check items")
struct CheckItemTests {
    /// Golden files in memory, and the transcripts the "replay" gives.
    final class Files: Sendable {
        let goldens: Mutex<[String: [UInt8]]>
        let transcripts: [String: String]
        init(goldens: [String: String] = [:], transcripts: [String: String]) {
            self.goldens = Mutex(goldens.mapValues { Array($0.utf8) })
            self.transcripts = transcripts
        }

        var environment: CheckEnvironment {
            CheckEnvironment(
                transcript: { path in
                    guard let text = self.transcripts[path] else { throw Failure(description: "\(path): no such file or directory") }
                    return text
                },
                readGolden: { path in
                    if path.hasSuffix("/") { return .directory }
                    if path.hasSuffix(".unreadable") { return .unreadable("permission denied") }
                    return self.goldens.withLock { $0[path] }.map { .contents($0) } ?? .missing
                },
                writeGolden: { path, bytes in
                    if path.hasPrefix("/read-only/") { throw Failure(description: "read-only file system") }
                    self.goldens.withLock { $0[path] = bytes }
                })
        }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    static let golden = (try? String(contentsOfFile: Paths.root + "/Tests/Goldens/stylus-commit.jsonl", encoding: .utf8)) ?? ""
    static let settings = CheckSettings(expectations: [], tolerance: .standard, update: false)

    @Test func aTranscriptAgainstItsGolden() {
        let files = Files(goldens: ["g.jsonl": Self.golden], transcripts: ["a.evemu": Self.golden])
        guard case .checked(let check, nil) = CheckItem(recording: "a.evemu", golden: "g.jsonl").result(Self.settings, in: files.environment) else {
            Issue.record("not checked")
            return
        }
        #expect(check.passed)
        let changed = Self.golden.replacingOccurrences(of: "\"commits\":1", with: "\"commits\":0")
        let differs = Files(goldens: ["g.jsonl": Self.golden], transcripts: ["a.evemu": changed])
        let outcome = CheckOutcome(recording: "a.evemu", seconds: 0.01, result: CheckItem(recording: "a.evemu", golden: "g.jsonl").result(Self.settings, in: differs.environment))
        #expect(!outcome.passed && outcome.label == "FAIL")
    }

    @Test func whatCannotBeCheckedSaysWhy() {
        let files = Files(transcripts: ["a.evemu": Self.golden, "bad.evemu": "not json\n"])
        func headline(_ recording: String, _ golden: String?) -> String {
            CheckOutcome(recording: recording, seconds: 0, result: CheckItem(recording: recording, golden: golden).result(Self.settings, in: files.environment)).headline
        }
        #expect(headline("a.evemu", "missing.jsonl") == "missing.jsonl: no golden transcript for a.evemu; write it with --update")
        #expect(headline("a.evemu", "dir/") == "dir/: is a directory, not a golden transcript")
        #expect(headline("a.evemu", "g.unreadable") == "g.unreadable: cannot read the golden transcript (permission denied)")
        #expect(headline("gone.evemu", nil) == "gone.evemu: no such file or directory")
        #expect(headline("bad.evemu", nil).hasPrefix("bad.evemu:1:1: unexpected 'n'; expected a value"))
    }

    @Test func updateWritesNewAndChangedGoldensOnly() {
        let files = Files(goldens: ["same.jsonl": Self.golden, "old.jsonl": "{\"type\":\"device\"}\n"], transcripts: ["a.evemu": Self.golden])
        let update = CheckSettings(expectations: [], tolerance: .standard, update: true)
        func label(_ golden: String) -> String {
            CheckOutcome(recording: "a.evemu", seconds: 0, result: CheckItem(recording: "a.evemu", golden: golden).result(update, in: files.environment)).label
        }
        #expect(label("same.jsonl") == "same")
        #expect(label("old.jsonl") == "written")
        #expect(label("new.jsonl") == "written")
        #expect(files.goldens.withLock { $0["new.jsonl"] } == Array(Self.golden.utf8))
        let failed = CheckItem(recording: "a.evemu", golden: "/read-only/g.jsonl").result(update, in: files.environment)
        guard case .unreadable(let message) = failed else { Issue.record("written"); return }
        #expect(message == "/read-only/g.jsonl: cannot write the golden transcript (read-only file system)")
    }

    @Test func recordingsArePairedWithTheirGoldens() throws {
        #expect(try CheckItem.items(for: ["r/a.evemu", "r/b.yml"], golden: nil, goldenDirectory: "goldens").map(\.golden) == ["goldens/a.jsonl", "goldens/b.jsonl"])
        #expect(try CheckItem.items(for: ["a.evemu"], golden: "g.jsonl", goldenDirectory: nil).map(\.golden) == ["g.jsonl"])
        #expect(try CheckItem.items(for: ["a.evemu"], golden: nil, goldenDirectory: nil).map(\.golden) == [nil])
        #expect(throws: CheckItem.SetupError.self) { try CheckItem.items(for: ["a.evemu", "b.evemu"], golden: "g.jsonl", goldenDirectory: nil) }
        do {
            _ = try CheckItem.items(for: ["x/a.evemu", "y/a.yml"], golden: nil, goldenDirectory: "g")
            Issue.record("shared golden accepted")
        } catch {
            #expect(error.description == "x/a.evemu and y/a.yml would share the golden g/a.jsonl; check them with separate --golden-dir directories")
        }
    }

    @Test func theReportTabulatesAndGivesTheStatus() {
        let files = Files(goldens: ["g.jsonl": Self.golden], transcripts: ["a.evemu": Self.golden])
        let passed = CheckOutcome(recording: "a.evemu", seconds: 0.0123, result: CheckItem(recording: "a.evemu", golden: "g.jsonl").result(Self.settings, in: files.environment))
        let unreadable = CheckOutcome(recording: "gone.evemu", seconds: 0.001, result: .unreadable("gone.evemu: no such file or directory"))
        let report = CheckReport(outcomes: [passed, unreadable], seconds: 1.5, jobs: 2)
        #expect(report.status == QualityExitStatus.badInput)
        #expect(CheckReport(outcomes: [passed], seconds: 1, jobs: 1).status == QualityExitStatus.holds)
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "pass       12.3 ms  a.evemu     matches golden g.jsonl")
        #expect(lines[1] == "ERROR       1.0 ms  gone.evemu  gone.evemu: no such file or directory")
        #expect(lines[2] == "2 recordings in 1.50 s (2 jobs): 1 passed, 0 failed, 1 could not be checked")
        let junit = report.junit(properties: [], timestamp: "2024-01-01T00:00:00", hostname: "host")
        #expect(junit.xml.contains("<testcase name=\"gone.evemu\" classname=\"forcebridge.check\""))
    }
}
