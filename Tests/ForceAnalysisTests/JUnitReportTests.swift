import ForceAnalysis
import ForceCore
import ForceTestSupport
import Testing

/// JUnit XML as CI systems read it: loaded by Python's `xml.etree`, with the elements and
/// counts the JUnit schema requires.
@Suite("JUnit report")
struct JUnitReportTests {
    /// What a JUnit reader sees (`JUnitReader.script`, shared with the command's tests).
    static let reader = JUnitReader.script

    static func read(_ report: JUnitReport) throws -> [String] {
        let result = try Subprocess.python(reader, reading: report.xml)
        #expect(result.status == 0, "\(result.errors)\n\(report.xml)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test("checks of real transcripts load with the expected elements and counts")
    func realChecks() throws {
        let golden = try TranscriptWriter.transcript(of: Paths.recording("stylus-commit"), source: "stylus-commit.jsonl")
        let changed = try TranscriptWriter.transcript(
            of: Paths.recording("stylus-commit"), thresholds: PreviewThresholds(begin: 1, previewEnd: 2, commitEnd: 4), source: "stylus-commit.evemu")
        let tap = try TranscriptWriter.transcript(of: Paths.recording("touchscreen-tap"))
        let checks = [
            TranscriptCheck(name: "recordings/stylus-commit.evemu", transcript: golden, golden: golden),
            TranscriptCheck(name: "recordings/stylus-commit.evemu (commit end 4)", transcript: changed, golden: golden),
            TranscriptCheck(name: "recordings/touchscreen-tap.evemu", transcript: tap, expectations: try [.init(parsing: "touches=2"), .init(parsing: "commits=1")]),
        ]
        #expect(checks.map(\.passed) == [true, false, false])
        var cases = checks.map { $0.testCase(time: 0.25) }
        cases.append(JUnitTestCase(name: "recordings/broken <&> \"file\".evemu", className: "forcebridge.check",
                                   outcome: .error(message: "broken.evemu:4: expected a number,\nfound 'zz'", details: "line 4: E: 0.1 zz \u{01}")))
        cases.append(JUnitTestCase(name: "recordings/skipped.evemu", className: "forcebridge.check", outcome: .skipped(message: "no golden")))
        let suite = JUnitTestSuite(name: "forcebridge check", testCases: cases, timestamp: "2025-01-31T12:00:00",
                                   properties: [(name: "tolerance.time", value: "0.001")])
        let lines = try Self.read(JUnitReport(name: "forcebridge check", suites: [suite]))
        #expect(lines.first == "suite forcebridge check 5 2 1 1")
        #expect(lines.last == "total 5 2 1 1 0.750")
        #expect(lines.contains("case recordings/stylus-commit.evemu passed  'stylus-commit.jsonl matches golden stylus-commit.jsonl (\(golden.lines.count) lines)\\n'"))
        let failure = try #require(lines.first { $0.hasPrefix("case recordings/stylus-commit.evemu (commit end 4) failure ") })
        #expect(failure.contains("'differs from golden stylus-commit.jsonl at line 34: shouldBegin at 0.500 s where the golden has touch 1 moved at 0.505 s'"))
        #expect(lines.contains { $0.hasPrefix("details 'stylus-commit.evemu differs from golden stylus-commit.jsonl\\nfirst difference at line 34") })
        #expect(lines.contains { $0.hasPrefix("case recordings/touchscreen-tap.evemu failure 'commits=1 failed: commits is 0'") })
        #expect(lines.contains("case recordings/broken <&> \"file\".evemu error \"broken.evemu:4: expected a number,\\nfound 'zz'\" None"))
        #expect(lines.contains("details 'line 4: E: 0.1 zz \u{FFFD}'"), "a control character XML forbids is replaced")
        #expect(lines.contains("case recordings/skipped.evemu skipped 'no golden' None"))
    }

    @Test("an empty run and several suites keep their counts")
    func emptyAndSeveral() throws {
        #expect(try Self.read(JUnitReport(name: "empty", suites: [])) == ["total 0 0 0 0 0.000"])
        let passing = JUnitTestSuite(name: "a", testCases: [JUnitTestCase(name: "one", className: "x", time: 1.5)], timestamp: "2025-01-31T12:00:00")
        let failing = JUnitTestSuite(name: "b", testCases: [
            JUnitTestCase(name: "two", className: "x", time: 0.5, outcome: .failed(message: "m", details: "d")),
            JUnitTestCase(name: "three", className: "x"),
        ], timestamp: "2025-01-31T12:00:01")
        let lines = try Self.read(JUnitReport(name: "run", suites: [passing, failing]))
        #expect(lines.contains("suite a 1 0 0 0"))
        #expect(lines.contains("suite b 2 1 0 0"))
        #expect(lines.last == "total 3 1 0 0 2.000")
    }
}
