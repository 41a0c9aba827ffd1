import ForceBridgeCLI
import ForceDevices
import ForceSession
import ForceSystem
import ForceTestSupport
import Testing

/// `forcebridge check` through the built binary, from the repository's root: the shipped
/// goldens hold (this is what `make test` checks them with), a changed threshold fails with a
/// readable diff, JUnit XML loads in a JUnit reader, and bad input is status 2.
@Suite("check command")
struct CheckCommandTests {
    /// Runs the built `forcebridge` from the repository's root.
    static func forcebridge(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let child = try ChildProcess(Repository.forcebridge, arguments, workingDirectory: Repository.root)
        let status = child.wait(seconds: 120)
        return (status, child.standardOutput, child.standardError)
    }

    /// The shipped recordings, relative to the repository's root.
    static var recordings: [String] {
        FileSystem.names(inDirectory: Repository.path("recordings")).filter { $0.hasSuffix(".evemu") }.sorted().map { "recordings/" + $0 }
    }

    @Test("every shipped recording has a golden transcript, and each holds")
    func shippedGoldensHold() throws {
        let goldens = FileSystem.names(inDirectory: Repository.path("Tests/Goldens")).sorted()
        #expect(goldens == Self.recordings.map { String($0.dropFirst("recordings/".count).dropLast(".evemu".count)) + ".jsonl" })
        let result = try Self.forcebridge(["check"] + Self.recordings + ["--golden-dir", "Tests/Goldens", "--no-user-profile"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.hasSuffix("\(Self.recordings.count) passed, 0 failed, 0 could not be checked\n"))
        #expect(result.error.isEmpty)
    }

    @Test("the goldens are the session runtime's jsonl: what replay --format jsonl writes")
    func goldensAreTheRuntimesTranscripts() throws {
        for recording in ["stylus-commit", "touchscreen-two-fingers"] {
            let golden = try Repository.text("Tests/Goldens/\(recording).jsonl")
            #expect(golden == (try Session.transcript(of: Repository.path("recordings/\(recording).evemu"))))
        }
    }

    @Test("a changed threshold fails with the first differing line, its context and what changed")
    func changedThresholdFails() throws {
        let result = try Self.forcebridge([
            "check", "recordings/stylus-commit.evemu", "recordings/touchscreen-tap.evemu", "--golden-dir", "Tests/Goldens",
            "--thresholds", "1,2,2.5", "--no-user-profile", "--jobs", "2",
        ])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "recordings/stylus-commit.evemu differs from golden Tests/Goldens/stylus-commit.jsonl")
        #expect(lines.contains("first difference at line 214 (golden line 214):"))
        #expect(lines.contains { $0.hasPrefix("  -   214  {\"type\":\"interaction\",\"time\":1.149996,\"event\":\"commit\",\"progress\":0.0058") })
        #expect(lines.contains { $0.hasPrefix("  +   214  {\"type\":\"interaction\",\"time\":1.149996,\"event\":\"commit\",\"progress\":0.0115") })
        #expect(lines.contains("there: commit 0.0058 at 1.150 s: progress 0.0115, golden 0.0058 (off by 0.0057; tolerance 0.001)"))
        #expect(lines.contains("  the commit (pop) came 60.2 ms earlier (1.220 s; golden 1.280 s)"))
        #expect(lines.contains { $0.hasPrefix("FAIL ") && $0.contains("recordings/stylus-commit.evemu") })
        #expect(lines.contains { $0.hasPrefix("pass ") && $0.contains("recordings/touchscreen-tap.evemu") })
        #expect(lines.last { !$0.isEmpty }?.hasSuffix("(2 jobs): 1 passed, 1 failed, 0 could not be checked") == true)
        // A wider tolerance does not hide a changed outcome.
        let tolerant = try Self.forcebridge(["check", "recordings/stylus-commit.evemu", "--golden", "Tests/Goldens/stylus-commit.jsonl",
                                             "--thresholds", "1,2,2.5", "--force-tolerance", "0.1", "--time-tolerance", "0.01"])
        #expect(tolerant.status == 1)
    }

    @Test("README's check example is what the program prints (timings aside)")
    func readmeExample() throws {
        let readme = try Repository.text("README.md")
        let block = try #require(readme.split(separator: "```console\n").dropFirst().first { $0.hasPrefix("$ forcebridge check ") })
        let lines = block.prefix { $0 != "`" }.split(separator: "\n").map(String.init)
        let arguments = lines[0].dropFirst("$ forcebridge ".count).split(separator: " ").map(String.init)
        let result = try Self.forcebridge(arguments)
        #expect(result.status == 1)
        let printed = result.output.split(separator: "\n").map(String.init)
        #expect(printed.map(Self.withoutTimings) == lines.dropFirst().map(Self.withoutTimings))
    }

    /// `line` with durations (`12.3 ms`, `0.41 s`) replaced by `T`.
    static func withoutTimings(_ line: String) -> String {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        return words.indices.map { index in
            let next = index + 1 < words.count ? words[index + 1] : ""
            return Double(words[index]) != nil && (next == "ms" || next == "s") ? "T" : words[index]
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    @Test("--junit writes XML a JUnit reader loads, with a test case per recording")
    func junit() throws {
        let folder = try TemporaryDirectory()
        try folder.write("not a golden\n", to: "goldens/touchscreen-tap.jsonl")
        for recording in ["stylus-commit", "touchscreen-cancel"] {
            try folder.write(try Repository.text("Tests/Goldens/\(recording).jsonl"), to: "goldens/\(recording).jsonl")
        }
        let report = folder.path("check.xml")
        let result = try Self.forcebridge([
            "check", "recordings/stylus-commit.evemu", "recordings/touchscreen-cancel.evemu", "recordings/touchscreen-tap.evemu",
            "--golden-dir", folder.path("goldens"), "--thresholds", "1,2,4", "--expect", "touches=1", "--junit", report,
        ])
        #expect(result.status == 2, "a golden that cannot be read is bad input")
        #expect(result.error == "forcebridge: \(folder.path("goldens/touchscreen-tap.jsonl")):1:1: unexpected 'n'; expected a value (object, array, string, number, true, false or null) (a golden transcript is what 'forcebridge replay FILE --format jsonl' writes)\n")
        let read = try JUnitReader.read(path: report)
        #expect(read.status == 0, "\(read.errors)")
        #expect(read.lines.first == "suite forcebridge check 3 1 1 0")
        #expect(read.lines.contains { $0.hasPrefix("case recordings/stylus-commit.evemu failure 'differs from golden \(folder.path("goldens/stylus-commit.jsonl")) at line ") })
        #expect(read.lines.contains { $0.hasPrefix("case recordings/touchscreen-cancel.evemu passed  'recordings/touchscreen-cancel.evemu matches golden") })
        #expect(read.lines.contains { $0.hasPrefix("case recordings/touchscreen-tap.evemu error ") })
        #expect(read.lines.last?.hasPrefix("total 3 1 1 0 ") == true)
        let xml = folder.read("check.xml") ?? ""
        #expect(xml.contains("<property name=\"thresholds\" value=\"1,2,4\"/>"))
        #expect(xml.contains("<property name=\"expect\" value=\"touches=1\"/>"))
    }

    @Test("--update writes the goldens of a directory's recordings; a second run changes nothing; quoted patterns pick recordings")
    func updateWritesGoldens() throws {
        let folder = try TemporaryDirectory()
        let goldens = folder.path("new/goldens")
        let written = try Self.forcebridge(["check", "recordings", "--golden-dir", goldens, "--update", "--jobs", "3"])
        #expect(written.status == 0, "\(written.output)\(written.error)")
        #expect(written.output.split(separator: "\n").dropLast().allSatisfy { $0.hasPrefix("written ") })
        let names = Self.recordings.map { String($0.dropFirst("recordings/".count).dropLast(".evemu".count)) + ".jsonl" }
        #expect(folder.names(in: "new/goldens") == names, "README.md in recordings/ is not a recording")
        #expect(folder.read("new/goldens/worn-pen.jsonl") == (try Repository.text("Tests/Goldens/worn-pen.jsonl")))
        let again = try Self.forcebridge(["check", "recordings/*.evemu", "--golden-dir", goldens, "--update"])
        #expect(again.status == 0)
        #expect(again.output.split(separator: "\n").dropLast().allSatisfy { $0.hasPrefix("same ") })
        let held = try Self.forcebridge(["check", "recordings/[st]*-c?*.evemu", "--golden-dir", goldens])
        #expect(held.status == 0)
        let checked = held.output.split(separator: "\n").dropLast().map { $0.split(separator: " ", omittingEmptySubsequences: true)[3] }
        #expect(checked == ["recordings/stylus-commit.evemu", "recordings/touchscreen-cancel.evemu"])
    }

    @Test("expectations over the summary: 0 when they hold, 1 when one fails")
    func expectations() throws {
        let holds = try Self.forcebridge(["check", "recordings/stylus-commit.evemu", "--expect", "commits=1", "--expect", "cancels = 0", "--expect", "touches>=1"])
        #expect(holds.status == 0)
        #expect(holds.output.contains("3 expectations hold"))
        let fails = try Self.forcebridge(["check", "recordings/touchscreen-cancel.evemu", "--expect", "commits=1"])
        #expect(fails.status == 1)
        #expect(fails.output.hasPrefix("commits=1 failed: commits is 0\n"))
    }

    @Test("check, diff and analyze: bad input and usage are status 2, with a message that says what to do", arguments: [
        (["check", "recordings/missing.evemu", "--expect", "commits=1"], "forcebridge: recordings/missing.evemu: no such file or directory"),
        (["check", "recordings/*.none", "--expect", "commits=1"], "forcebridge: recordings/*.none: no file matches the pattern"),
        (["check", "Tests", "--expect", "commits=1"], "forcebridge: Tests: the directory holds no recordings"),
        (["check", "recordings/stylus-commit.evemu", "--golden", "Tests/Goldens/none.jsonl"],
         "forcebridge: Tests/Goldens/none.jsonl: no golden transcript for recordings/stylus-commit.evemu; write it with --update"),
        (["check", "recordings/stylus-commit.evemu", "--golden-dir", "no-such-goldens"],
         "forcebridge: --golden-dir no-such-goldens: no such directory; write the goldens into it with --update"),
        (["check", "recordings/stylus-commit.evemu", "recordings/worn-pen.evemu", "--golden", "Tests/Goldens/worn-pen.jsonl"],
         "forcebridge: --golden Tests/Goldens/worn-pen.jsonl is the golden transcript of one recording, and 2 were given"),
        (["check", "recordings/stylus-commit.evemu"], "forcebridge: nothing to check against"),
        (["check", "recordings/stylus-commit.evemu", "--expect", "commit=1"], "forcebridge: --expect: expectation 'commit=1': unknown summary field 'commit' (did you mean commits?)"),
        (["check", "recordings/stylus-commit.evemu", "--expect", "commits=1", "--jobs", "0"], "forcebridge: --jobs must be 1 or more, found 0"),
        (["check", "README.md", "--expect", "commits=1"], "forcebridge: README.md:"),
        (["check", "recordings/stylus-commit.evemu", "Tests/ForceRecordingTests/Fixtures/stylus-commit.yml", "--golden-dir", "Tests/Goldens"],
         "forcebridge: recordings/stylus-commit.evemu and Tests/ForceRecordingTests/Fixtures/stylus-commit.yml would share the golden Tests/Goldens/stylus-commit.jsonl"),
        (["diff", "recordings/stylus-commit.evemu", "recordings/missing.evemu"], "forcebridge: recordings/missing.evemu: "),
        (["diff", "recordings/stylus-commit.evemu"], "forcebridge: Missing expected argument '<B>'"),
        (["diff", "recordings/stylus-commit.evemu", "recordings/worn-pen.evemu", "--plot", "no-such-folder/diff.svg"],
         "forcebridge: --plot no-such-folder/diff.svg: the directory no-such-folder does not exist"),
        (["analyze", "README.md"], "forcebridge: README.md:"),
        (["analyze", "recordings/stylus-commit.evemu", "--bins", "0"], "forcebridge: --bins 0: give 1 to 1000"),
        (["analyze", "recordings/stylus-commit.evemu", "--plot", "Tests"], "forcebridge: --plot Tests: is a directory; give a file name, such as Tests/histogram.svg"),
    ])
    func badInput(arguments: [String], message: String) throws {
        let result = try Self.forcebridge(arguments)
        #expect(result.status == 2, "\(result.error)")
        #expect(result.error.hasPrefix(message), "\(result.error)")
    }

    @Test("on a terminal, a progress line is redrawn on standard error and cleared before the table")
    func progressLine() throws {
        // script(1) (util-linux, in every Debian) runs the command on a pseudo-terminal.
        let command = "\(Repository.forcebridge) check recordings/touchscreen-tap.evemu recordings/stylus-commit.evemu --expect commits=1 --jobs 1"
        let child = try ChildProcess("/usr/bin/script", ["-qec", command, "/dev/null"], workingDirectory: Repository.root)
        #expect(child.wait(seconds: 60) == 1)
        let output = child.standardOutput
        #expect(output.hasPrefix("\r\u{1B}[Kchecking 0/2: recordings/touchscreen-tap.evemu\r\u{1B}[Kchecking 1/2, 1 failed: "))
        #expect(output.contains("\r\u{1B}[Kchecking 2/2, 1 failed: recordings/stylus-commit.evemu\r\u{1B}[Kcommits=1 failed: commits is 0"))
        let piped = try Self.forcebridge(["check", "recordings/touchscreen-tap.evemu", "--expect", "commits=0"])
        #expect(piped.status == 0 && piped.error.isEmpty, "no progress line when standard error is not a terminal")
    }

    @Test("in-process runs give the program's statuses and errors")
    func inProcess() throws {
        for arguments in [
            ["check", "recordings/touchscreen-tap.evemu", "--golden-dir", "Tests/Goldens"],
            ["check", "recordings/touchscreen-tap.evemu", "--golden-dir", "Tests/Goldens", "--thresholds", "0.5,0.6,0.7"],
            ["check", "recordings/missing.evemu", "--expect", "commits=1"],
            ["check"],
        ] {
            let inProcess = ForceBridgeCLI.runCapturing(arguments)
            let program = try Self.forcebridge(arguments)
            #expect(inProcess.status == program.status, "\(arguments)")
            #expect(inProcess.error == program.error, "\(arguments)")
            #expect(inProcess.output.split(separator: "\n").count == program.output.split(separator: "\n").count, "\(arguments)")
        }
    }
}
