import ForceBridgeCLI
import ForceTestSupport
import Testing

/// Diagnostics through the built program: `--log-level debug` adds device and profile lines on
/// standard error and leaves standard output byte for byte the golden transcript; a run without
/// options prints no diagnostics.
@Suite("diagnostics output")
struct DiagnosticsOutputTests {
    /// This process's environment without `FORCEBRIDGE_LOG`, plus `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ChildProcess.currentEnvironment
        environment["FORCEBRIDGE_LOG"] = nil
        return environment.merging(extra) { $1 }
    }

    /// Runs the built `forcebridge` from the repository's root.
    static func forcebridge(_ arguments: [String], environment: [String: String] = Self.environment()) throws -> (status: Int32, output: String, error: String) {
        let child = try ChildProcess(Repository.forcebridge, arguments, environment: environment, workingDirectory: Repository.root)
        let status = child.wait(seconds: 60)
        return (status, child.standardOutput, child.standardError)
    }

    static let replay = ["replay", "recordings/stylus-commit.evemu", "--format", "jsonl", "--no-user-profile"]

    @Test("replay --log-level debug: the recording's device and the profiles on standard error, the golden on standard output")
    func debugReplay() throws {
        let golden = try Repository.text("Tests/Goldens/stylus-commit.jsonl")
        let result = try Self.forcebridge(Self.replay + ["--log-level", "debug"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == golden)
        let lines = result.error.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("forcebridge[debug] recording: opened ") && $0.contains("file=recordings/stylus-commit.evemu")
            && $0.contains("format=evemu") && $0.contains("kind=") && $0.contains("name=") }, "\(result.error)")
        #expect(lines.contains { $0.hasPrefix("forcebridge[debug] profiles: profiles applied ") && $0.contains("layers=none") }, "\(result.error)")
        #expect(lines.contains { $0.hasPrefix("forcebridge[debug] session: session ended ") && $0.contains("end=endOfInput") }, "\(result.error)")
        #expect(lines.allSatisfy { $0.hasPrefix("forcebridge[debug] ") }, "\(result.error)")
    }

    @Test("a --profile layer is logged with its file and applied to the device it matches")
    func profileLayers() throws {
        let directory = try TemporaryDirectory()
        let profile = try directory.write(#"{"profiles": [{"match": {}, "touchDuration": "fast"}]}"#, to: "every-device.json")
        let result = try Self.forcebridge(Self.replay + ["--profile", profile, "-vv"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("forcebridge[debug] profiles: layer 1: --profile file=\(profile) profiles=1\n"), "\(result.error)")
        #expect(result.error.contains(" layers=1 profiles=1 "), "\(result.error)")
    }

    @Test("without options (and at warning) nothing but the output: no diagnostics")
    func defaultIsQuiet() throws {
        let golden = try Repository.text("Tests/Goldens/stylus-commit.jsonl")
        for extra in [[], ["--log-level", "warning"], ["-v"]] {
            let result = try Self.forcebridge(Self.replay + extra)
            #expect(result.status == 0)
            #expect(result.output == golden, "\(extra)")
            #expect(result.error.isEmpty, "\(extra): \(result.error)")
        }
    }

    @Test("FORCEBRIDGE_LOG turns diagnostics on; the command line turns them off again")
    func environmentVariable() throws {
        let on = try Self.forcebridge(Self.replay, environment: Self.environment(["FORCEBRIDGE_LOG": "debug"]))
        #expect(on.error.contains("forcebridge[debug] recording: opened "), "\(on.error)")
        let off = try Self.forcebridge(Self.replay + ["--log-level", "error"], environment: Self.environment(["FORCEBRIDGE_LOG": "debug"]))
        #expect(off.error.isEmpty, "\(off.error)")
        let bad = try Self.forcebridge(Self.replay, environment: Self.environment(["FORCEBRIDGE_LOG": "loud"]))
        #expect(bad.status == 0)
        #expect(bad.error == "forcebridge: warning: FORCEBRIDGE_LOG=loud is not a log level (trace, debug, info, notice, warning, error, critical); logging from warning on\n")
    }

    @Test("in-process runs log into their own captured standard error, side by side")
    func inProcess() async throws {
        async let loud = ForceBridgeCLI.runCapturing(Self.replay + ["--log-level", "debug"])
        async let quiet = ForceBridgeCLI.runCapturing(Self.replay + ["--log-level", "warning"])
        let (debug, warning) = await (loud, quiet)
        #expect(debug.output == warning.output)
        #expect(debug.error.contains("forcebridge[debug] recording: opened "), "\(debug.error)")
        #expect(warning.error.isEmpty, "\(warning.error)")
    }
}
