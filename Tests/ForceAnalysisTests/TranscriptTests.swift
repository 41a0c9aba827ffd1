import ForceAnalysis
import Testing

@Suite("Transcript")
struct TranscriptTests {
    @Test("reads lines with CRLF and blank lines, numbering them as the file does")
    func readsLines() throws {
        let text = "{\"type\":\"device\",\"name\":\"x\"}\r\n\n{\"type\":\"touch\",\"time\":0.5,\"id\":2,\"phase\":\"began\"}\n{\"type\":\"summary\",\"commits\":1}"
        let transcript = try Transcript(parsing: text, source: "golden.jsonl")
        #expect(transcript.lines.map(\.number) == [1, 3, 4])
        #expect(transcript.lines.map(\.type) == ["device", "touch", "summary"])
        #expect(transcript.lines[1].touchIdentifier == 2)
        #expect(transcript.lines[1].phase == "began")
        #expect(transcript.lines[1].time == 0.5)
        #expect(transcript.summary?["commits"] == .number(1))
        #expect(transcript.device?["name"] == .string("x"))
    }

    @Test("a bad line names the file, line and column, and what was expected")
    func badLines() {
        let cases: [(String, String)] = [
            ("{\"type\":\"device\"}\n{\"type\":\"touch\",\"time\":}\n",
             "golden.jsonl:2:24: unexpected '}'; expected a value (object, array, string, number, true, false or null)"),
            ("{\"type\":\"device\"}\nnot json\n", "golden.jsonl:2:1: unexpected 'n'; expected a value (object, array, string, number, true, false or null)"),
            ("{\"type\":\"device\"}\r\n\n  [1]\n", "golden.jsonl:3:3: expected a JSON object, found an array"),
            ("{\"type\":\"device\"}\n{\"type\":\"touch\"} {}\n", "golden.jsonl:2:18: unexpected '{' after the end of the JSON value"),
            ("{\"type\":\"device\",\"type\":\"touch\"}\n", "golden.jsonl:1:18: the key \"type\" appears twice in the same object"),
            ("{\"type\":\"dev\nice\"}\n", "golden.jsonl:1:9: unterminated string (no closing '\"')"),
            ("{\"time\":1}\n", "golden.jsonl:1:1: expected a \"type\" member (device, touch, interaction or summary)"),
            ("\n  {\"type\":3}\n", "golden.jsonl:2:11: expected \"type\" to be a string, found a number"),
        ]
        for (text, message) in cases {
            #expect(throws: TranscriptError.self) { try Transcript(parsing: text, source: "golden.jsonl") }
            do {
                _ = try Transcript(parsing: text, source: "golden.jsonl")
            } catch {
                #expect(error.description == message)
            }
        }
    }

    @Test("a line read alone names its line and column")
    func lineAlone() {
        #expect(throws: TranscriptError(line: 4, column: 1, message: "the line is empty; expected a JSON object")) {
            try TranscriptLine(parsing: "", number: 4)
        }
        #expect(throws: TranscriptError(line: 4, column: 18, message: "expected \"type\" to be a string, found a boolean")) {
            try TranscriptLine(parsing: "{\"time\":0,\"type\":true}", number: 4)
        }
        var transcript = Transcript(source: "sink")
        #expect(throws: TranscriptError(source: "sink", line: 1, column: 3, message: "unexpected '}' after the end of the JSON value")) {
            try transcript.append("{}}")
        }
    }

    @Test("lines appended one by one, as a sink hands them over, make the same transcript")
    func appendedLines() throws {
        let lines = try TranscriptWriter.lines(of: try .init(contentsOf: Paths.recording("touchscreen-cancel")))
        var appended = Transcript(source: "sink")
        for line in lines { try appended.append(line) }
        let parsed = try Transcript(parsing: lines.joined(separator: "\n") + "\n", source: "sink")
        #expect(appended == parsed)
        #expect(appended.text == parsed.text)
    }
}
