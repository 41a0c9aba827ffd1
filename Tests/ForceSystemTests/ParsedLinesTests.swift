import ForceTestSupport
import Testing

/// `ParsedLines`: a program's complete lines, each parsed once however often they are read.
struct ParsedLinesTests {
    @Test func parsesEachCompleteLineOnceAndLeavesOutAnUnfinishedOne() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "printf 'one\\ntwo\\n'; read -r _; printf 'three\\nfou'"], holdingInputOpen: true)
        var parses = 0
        let lines = ParsedLines(child) { line -> String? in
            parses += 1
            return line == "two" ? nil : String(line)
        }
        #expect(waitUntil { lines.elements == ["one"] && parses == 2 })
        #expect(lines.elements == ["one"] && parses == 2, "read again, nothing is parsed twice")
        child.closeInput()
        child.wait()
        #expect(lines.elements == ["one", "three"], "the unfinished line is left out")
        #expect(parses == 3)
    }
}
