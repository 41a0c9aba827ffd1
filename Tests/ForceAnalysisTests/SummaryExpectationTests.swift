import ForceAnalysis
import ForceCore
import Testing

@Suite("Summary expectations")
struct SummaryExpectationTests {
    @Test("reads every comparison, with or without spaces")
    func parses() throws {
        let cases: [(String, SummaryExpectation)] = [
            ("commits=1", SummaryExpectation(.commits, .equal, 1)),
            ("cancels == 0", SummaryExpectation(.cancels, .equal, 0)),
            ("touches>=2", SummaryExpectation(.touches, .greaterOrEqual, 2)),
            ("touches <= 3", SummaryExpectation(.touches, .lessOrEqual, 3)),
            ("peakNormalizedForce>0.5", SummaryExpectation(.peakNormalizedForce, .greater, 0.5)),
            ("frames<1000", SummaryExpectation(.frames, .less, 1000)),
            ("previewsEnded!=0", SummaryExpectation(.previewsEnded, .notEqual, 0)),
        ]
        for (text, expected) in cases { #expect(try SummaryExpectation(parsing: text) == expected) }
        #expect(try SummaryExpectation(parsing: "commits == 1").description == "commits=1")
    }

    @Test("bad expectations say what is wrong and list the fields")
    func errors() {
        let fields = "events, frames, touches, peakNormalizedForce, previewsEnded, commits, cancels"
        let cases: [(String, String)] = [
            ("commit=1", "expectation 'commit=1': unknown summary field 'commit' (did you mean commits?); the fields are \(fields)"),
            ("Commits=1", "expectation 'Commits=1': unknown summary field 'Commits' (did you mean commits?); the fields are \(fields)"),
            ("speed=1", "expectation 'speed=1': unknown summary field 'speed'; the fields are \(fields)"),
            ("commits", "expectation 'commits': expected FIELD=VALUE (or FIELD!=, <, <=, >, >= VALUE), such as commits=1"),
            ("commits=one", "expectation 'commits=one': expected a number after '=', found 'one'"),
            ("commits=>1", "expectation 'commits=>1': '=>' is not a comparison; use =, !=, <, <=, > or >="),
            ("=1", "expectation '=1': expected a summary field before '=' (\(fields))"),
        ]
        for (text, message) in cases {
            do {
                _ = try SummaryExpectation(parsing: text)
                Issue.record("\(text) was accepted")
            } catch {
                #expect(error.description == message)
            }
        }
    }

    @Test("tested against real transcripts' summaries")
    func evaluates() throws {
        let commit = try TranscriptWriter.transcript(of: Paths.recording("stylus-commit"))
        let tap = try TranscriptWriter.transcript(of: Paths.recording("touchscreen-tap"))
        let expectations = try ["commits=1", "cancels=0", "touches=1", "peakNormalizedForce>0.8"].map(SummaryExpectation.init(parsing:))
        #expect(expectations.allSatisfy { $0.evaluate(commit).holds })
        let onTap = expectations.map { $0.evaluate(tap) }
        #expect(onTap.map(\.holds) == [false, true, false, false])
        #expect(onTap[0].description == "commits=1 failed: commits is 0")
        #expect(onTap[1].description == "cancels=0 holds (0)")
        #expect(try SummaryExpectation(parsing: "touches=2").evaluate(tap).holds)

        let noSummary = try Transcript(parsing: "{\"type\":\"device\"}\n", source: "x")
        #expect(expectations[0].evaluate(noSummary).description == "commits=1 cannot be tested: the transcript has no summary line")
        var summary = SessionSummary()
        summary.interactions.commits = 1
        #expect(expectations[0].holds(for: summary))
    }
}
