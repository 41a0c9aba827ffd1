import ForceAnalysis
import ForceCore
import Testing

/// Golden comparisons on real transcripts (the shipped recordings through the pipeline).
@Suite("Transcript comparison")
struct TranscriptComparisonTests {
    static func transcript(_ name: String, thresholds: PreviewThresholds = .standard, source: String) throws -> Transcript {
        try TranscriptWriter.transcript(of: Paths.recording(name), thresholds: thresholds, source: source)
    }

    @Test("every shipped recording's transcript matches itself, even exactly", arguments: Paths.shippedRecordings)
    func matchesItself(name: String) throws {
        let golden = try Self.transcript(name, source: "\(name).jsonl")
        let again = try Self.transcript(name, source: "\(name).evemu")
        for tolerance in [TranscriptTolerance.standard, .exact] {
            let comparison = TranscriptComparison(actual: again, golden: golden, tolerance: tolerance)
            #expect(comparison.matches)
            #expect(comparison.changes.isEmpty)
            #expect(comparison.report() == "\(name).evemu matches golden \(name).jsonl (\(golden.lines.count) lines)\n")
        }
    }

    @Test("a commit threshold out of reach fails with the first differing line and the missing commit in words")
    func commitThresholdOutOfReach() throws {
        let golden = try Self.transcript("stylus-commit", source: "stylus-commit.jsonl")
        let actual = try Self.transcript("stylus-commit", thresholds: PreviewThresholds(begin: 1, previewEnd: 2, commitEnd: 4), source: "stylus-commit.evemu")
        let comparison = TranscriptComparison(actual: actual, golden: golden)
        #expect(!comparison.matches)
        let report = comparison.report()
        let lines = report.split(separator: "\n").map(String.init)
        #expect(lines.first == "stylus-commit.evemu differs from golden stylus-commit.jsonl")
        #expect(lines[1].hasPrefix("first difference at line "))
        #expect(lines.contains { $0.hasPrefix("  - ") } && lines.contains { $0.hasPrefix("  + ") })
        #expect(lines.contains { $0.hasPrefix("there: shouldBegin at ") && $0.contains("where the golden has touch 1 moved at") })
        #expect(comparison.changes.contains("summary: commits 0, golden 1; cancels 1, golden 0"))
        #expect(comparison.changes.contains { $0.hasPrefix("the commit (pop) at ") && $0.hasSuffix(" is missing") })
        #expect(comparison.changes.contains { $0.hasPrefix("a cancel at ") && $0.hasSuffix(" is new") })
        #expect(report.contains("what changed in the session:\n"))
    }

    @Test("a raised preview end names the progress that changed and the later peek")
    func previewEndRaised() throws {
        let golden = try Self.transcript("stylus-commit", source: "golden")
        let actual = try Self.transcript("stylus-commit", thresholds: PreviewThresholds(begin: 1, previewEnd: 2.2, commitEnd: 3), source: "now")
        let comparison = TranscriptComparison(actual: actual, golden: golden)
        let difference = try #require(comparison.difference)
        #expect(difference.kind == .changed)
        #expect(difference.fieldChanges.map(\.key) == ["progress"])
        #expect(comparison.explanation(of: difference).contains("progress 0.011, golden 0.0132 (off by 0.0022; tolerance 0.001)"))
        #expect(comparison.changes.count == 1)
        #expect(comparison.changes.first?.hasPrefix("the preview end (peek) came 30.0 ms later") == true)
        #expect(comparison.headline.hasPrefix("differs from golden golden at line 37: preview 0.0132 at 0.510 s: progress 0.011"))
    }

    @Test("a second finger allowed to commit: a new commit, a missing cancel")
    func secondFingerCommits() throws {
        let golden = try Self.transcript("touchscreen-two-fingers", source: "golden")
        let actual = try Self.transcript("touchscreen-two-fingers", thresholds: PreviewThresholds(begin: 1, previewEnd: 2, commitEnd: 2.5), source: "now")
        let changes = TranscriptComparison(actual: actual, golden: golden).changes
        #expect(changes.first == "summary: commits 1, golden 0; cancels 0, golden 1")
        #expect(changes.contains { $0.hasPrefix("the cancel at ") && $0.hasSuffix(" is missing") })
        #expect(changes.contains { $0.hasPrefix("a commit (pop) at ") && $0.hasSuffix(" is new") })
    }

    @Test("times within the tolerance match; beyond it the touch began later")
    func timeTolerance() throws {
        let golden = try Self.transcript("touchscreen-tap", source: "golden")
        let shifted = { (seconds: Double) throws -> Transcript in
            var transcript = Transcript(source: "shifted")
            for line in golden.lines {
                let members = line.members.map { member in
                    guard member.key == "time", let time = member.value.number else { return member }
                    return JSONMember("time", .number(time + seconds, decimals: 6))
                }
                transcript.append(members: members)
            }
            return transcript
        }
        #expect(TranscriptComparison(actual: try shifted(0.0005), golden: golden).matches)
        #expect(!TranscriptComparison(actual: try shifted(0.0005), golden: golden, tolerance: .exact).matches)
        #expect(TranscriptComparison(actual: try shifted(0.004), golden: golden, tolerance: TranscriptTolerance(time: 0.005)).matches)
        let late = TranscriptComparison(actual: try shifted(0.004), golden: golden)
        #expect(!late.matches)
        #expect(late.difference?.fieldChanges.first?.description == "time 0.004, golden 0 (4.0 ms later; tolerance 1.0 ms)")
        #expect(late.changes.contains { $0.hasPrefix("touch 1 began 4.0 ms later (0.004 s; golden 0.000 s)") })
        #expect(late.changes.contains { $0.hasPrefix("touch 2 began 4.0 ms later") })
    }

    @Test("force within the tolerance matches; beyond it the peak is named")
    func forceTolerance() throws {
        let golden = try Self.transcript("touchscreen-cancel", source: "golden")
        var stronger = Transcript(source: "stronger")
        for line in golden.lines {
            stronger.append(members: line.members.map { member in
                guard member.key == "force", let force = member.value.number else { return member }
                return JSONMember("force", .number(force * 1.02, decimals: 4))
            })
        }
        #expect(TranscriptComparison(actual: stronger, golden: golden, tolerance: TranscriptTolerance(force: 0.05)).matches)
        let comparison = TranscriptComparison(actual: stronger, golden: golden)
        #expect(comparison.difference?.fieldChanges.map(\.key) == ["force"])
        #expect(comparison.changes.contains { $0.hasPrefix("touch 1 peaked at force ") })
    }

    @Test("a missing commit line and a new cancel line are runs, not changed lines")
    func missingAndAddedLines() throws {
        let golden = try Self.transcript("stylus-commit", source: "golden")
        let commitIndex = try #require(golden.lines.firstIndex { $0.event == "commit" && $0["ended"]?.bool == true })
        var cut = Transcript(source: "cut")
        for (index, line) in golden.lines.enumerated() where index != commitIndex { cut.append(members: line.members) }
        let missing = TranscriptComparison(actual: cut, golden: golden)
        #expect(missing.difference?.kind == .missing)
        #expect(missing.difference?.golden == commitIndex..<(commitIndex + 1))
        #expect(missing.explanation(of: try #require(missing.difference)).hasPrefix("1 golden line is missing, from commit 1 ended at "))
        #expect(missing.changes.contains { $0.hasPrefix("the commit (pop) at ") && $0.hasSuffix(" is missing") })

        let added = TranscriptComparison(actual: golden, golden: cut)
        #expect(added.difference?.kind == .added)
        #expect(added.explanation(of: try #require(added.difference)).hasPrefix("1 line is new, from commit 1 ended at "))
    }

    @Test("a transcript cut short is missing its tail and its summary")
    func cutShort() throws {
        let golden = try Self.transcript("touchscreen-palm", source: "golden")
        var cut = Transcript(source: "cut")
        for line in golden.lines.prefix(10) { cut.append(members: line.members) }
        let comparison = TranscriptComparison(actual: cut, golden: golden)
        #expect(comparison.difference?.kind == .missing)
        #expect(comparison.changes.contains("the summary line is missing"))
        #expect(comparison.report().contains("first difference at the end (golden line 11):"))
    }

    @Test("a member added to every line is named as new")
    func newMember() throws {
        let golden = try Self.transcript("no-pressure", source: "golden")
        var extended = Transcript(source: "extended")
        for line in golden.lines { extended.append(members: line.members + [JSONMember("source", .string("duration"))]) }
        let comparison = TranscriptComparison(actual: extended, golden: golden)
        #expect(comparison.difference?.fieldChanges.map(\.description) == ["source is new (duration)"])
    }
}
