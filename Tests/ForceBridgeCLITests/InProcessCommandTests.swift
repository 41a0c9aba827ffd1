import ForceBridgeCLI
import ForceTestSupport
import Testing

/// The commands run in-process (`ForceBridgeCLI.runCapturing`) exactly as the built program runs
/// them: same output, same errors, same exit status.
@Suite("Commands in-process", .serialized)
struct InProcessCommandTests {
    /// Runs `arguments` both ways, from the repository's root, and checks they agree.
    func expectSameAsTheProgram(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let inProcess = ForceBridgeCLI.runCapturing(arguments)
        let program = try ChildProcess(Repository.forcebridge, arguments, workingDirectory: Repository.root)
        let status = program.wait(seconds: 60)
        #expect(inProcess.status == status, "\(arguments)", sourceLocation: sourceLocation)
        #expect(inProcess.output == program.standardOutput, "\(arguments)", sourceLocation: sourceLocation)
        #expect(inProcess.error == program.standardError, "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["stylus-commit", "touchscreen-two-fingers", "no-pressure"])
    func replayDescribeAndRate(recording: String) throws {
        let path = "recordings/\(recording).evemu"
        #expect(FileSystemCheck.workingDirectoryIsTheRepository, "the tests run from the repository's root")
        try expectSameAsTheProgram(["replay", path, "--no-user-profile"])
        try expectSameAsTheProgram(["replay", path, "--format", "jsonl", "--no-user-profile"])
        try expectSameAsTheProgram(["replay", path, "-v", "--speed", "50", "--no-user-profile"])
        try expectSameAsTheProgram(["describe", path, "--format", "json", "--no-user-profile"])
        try expectSameAsTheProgram(["plot", path, "-o", "-", "--no-user-profile"])
    }

    @Test func errorsAndExitStatuses() throws {
        try expectSameAsTheProgram(["replay", "recordings/missing.evemu"])
        try expectSameAsTheProgram(["replay", "recordings/stylus-commit.evemu", "--thresholds", "3,2,1"])
        try expectSameAsTheProgram(["plot", "recordings/stylus-commit.evemu", "-o", "-", "--touch", "9"])
        try expectSameAsTheProgram(["replay", "recordings/stylus-commit.evemu", "--hold", "1"])
        try expectSameAsTheProgram(["--version"])
    }

    @Test func theJSONLinesOfAReplayAreTheSessionTranscript() throws {
        let inProcess = ForceBridgeCLI.runCapturing(["replay", "recordings/worn-pen.evemu", "--format", "jsonl", "--no-user-profile"])
        #expect(inProcess.status == 0)
        #expect(inProcess.output == (try ForceSessionTranscript.of("recordings/worn-pen.evemu")))
    }
}
