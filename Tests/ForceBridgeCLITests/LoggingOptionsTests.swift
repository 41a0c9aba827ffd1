import ArgumentParser
@testable import ForceBridgeCLI
import ForceCommandLine
import Logging
import Testing

/// `--log-level`, `-v` and `FORCEBRIDGE_LOG`: what they parse to, and which wins.
@Suite("logging options")
struct LoggingOptionsTests {
    private static let quiet: [String: String] = [:]

    @Test("--log-level takes every swift-log level, in any case, and nothing else")
    func levels() throws {
        for level in Logger.Level.allCases {
            #expect(try LoggingOptions.parse(["--log-level", level.rawValue]).logLevel == level)
        }
        #expect(try LoggingOptions.parse(["--log-level", "DEBUG"]).logLevel == .debug)
        #expect(throws: (any Error).self) { try LoggingOptions.parse(["--log-level", "loud"]) }
        #expect(throws: (any Error).self) { try LoggingOptions.parse(["--log-level"]) }
        #expect(try LoggingOptions.parse([]).logLevel == nil)
    }

    @Test("-v counts: info, debug, then trace; none leaves the default")
    func verbosity() throws {
        #expect(try LoggingOptions.parse([]).resolve(environment: Self.quiet, fallback: .warning).level == .warning)
        #expect(try LoggingOptions.parse(["-v"]).resolve(environment: Self.quiet, fallback: .warning).level == .info)
        #expect(try LoggingOptions.parse(["--verbose", "--verbose"]).resolve(environment: Self.quiet, fallback: .warning).level == .debug)
        #expect(try LoggingOptions.parse(["-vvv"]).resolve(environment: Self.quiet, fallback: .warning).level == .trace)
        #expect(try LoggingOptions.parse(["-vvvv"]).resolve(environment: Self.quiet, fallback: .warning).level == .trace)
    }

    @Test("the command line wins over FORCEBRIDGE_LOG, which wins over the command's default")
    func precedence() throws {
        let environment = ["FORCEBRIDGE_LOG": "trace"]
        #expect(try LoggingOptions.parse(["--log-level", "error"]).resolve(environment: environment, fallback: .warning) == (.error, nil))
        #expect(try LoggingOptions.parse(["-v"]).resolve(environment: environment, fallback: .warning) == (.info, nil))
        #expect(try LoggingOptions.parse(["-v", "--log-level", "critical"]).resolve(environment: environment, fallback: .warning) == (.critical, nil))
        #expect(try LoggingOptions.parse([]).resolve(environment: environment, fallback: .warning) == (.trace, nil))
        #expect(try LoggingOptions.parse([]).resolve(environment: ["FORCEBRIDGE_LOG": "Notice"], fallback: .info) == (.notice, nil))
        #expect(try LoggingOptions.parse([]).resolve(environment: ["FORCEBRIDGE_LOG": ""], fallback: .info) == (.info, nil))
    }

    @Test("a FORCEBRIDGE_LOG that names no level is reported and the default kept")
    func badEnvironment() throws {
        let resolved = try LoggingOptions.parse([]).resolve(environment: ["FORCEBRIDGE_LOG": "verbose"], fallback: .warning)
        #expect(resolved.level == .warning)
        #expect(resolved.warning == "FORCEBRIDGE_LOG=verbose is not a log level (trace, debug, info, notice, warning, error, critical); logging from warning on")
        // The command line makes the variable irrelevant: no warning.
        #expect(try LoggingOptions.parse(["--log-level", "info"]).resolve(environment: ["FORCEBRIDGE_LOG": "verbose"], fallback: .warning) == (.info, nil))
    }

    @Test("every command has the options; serve logs from info on by default, the others from warning")
    func everyCommand() throws {
        for arguments in [["replay", "x.evemu"], ["describe", "x.evemu"], ["monitor"], ["haptic", "play", "selection"], ["list"],
                          ["serve"], ["check", "x.evemu", "--golden-dir", "g"], ["ratings", "show"], ["udev", "install"], ["service", "install"]] {
            let parsed = ParsedLoggingOptions()
            let command = try LoggingOptions.$parsed.withValue(parsed) { try ForceBridgeCommand.parseAsRoot(arguments + ["--log-level", "debug"]) }
            let logging = try #require(command as? any LoggingCommand, "\(arguments)")
            #expect(logging.logging.logLevel == .debug, "\(arguments)")
            // What ForceBridgeCLI reads: the options the group's validation left.
            #expect(parsed.options?.logLevel == .debug, "\(arguments)")
            #expect(type(of: logging).defaultLogLevel == (arguments == ["serve"] ? .info : .warning), "\(arguments)")
        }
    }

    @Test("replay's and haptic play's --verbose keeps its meaning as the shared flag")
    func commandVerbose() throws {
        let replay = try #require(try ForceBridgeCommand.parseAsRoot(["replay", "x.evemu", "-v"]) as? ReplayCommand)
        #expect(replay.verbose)
        let play = try #require(try ForceBridgeCommand.parseAsRoot(["haptic", "play", "selection", "--verbose"]) as? HapticPlayCommand)
        #expect(play.verbose)
        #expect(try #require(try ForceBridgeCommand.parseAsRoot(["replay", "x.evemu"]) as? ReplayCommand).verbose == false)
    }
}
