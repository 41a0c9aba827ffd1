import ArgumentParser
import ForceDevices
import ForceSystem
import Logging

/// `--log-level LEVEL` and `-v`/`--verbose`: how much of ForceBridge's diagnostics (devices found
/// and opened, resynchronizations, effects, profiles, the service's bus names and clients) go to
/// standard error. Every command has them.
///
/// `--verbose` counts: `-v` logs from `info` on, `-vv` from `debug`, `-vvv` everything. In
/// `replay`'s text output it also shows every touch update, and `haptic play` also prints the
/// kernel effects it plays.
struct LoggingOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            Log diagnostics to standard error from LEVEL on: trace, debug, info, notice, warning, error \
            or critical (default: $FORCEBRIDGE_LOG, else warning; serve: info).
            """,
            valueName: "LEVEL"),
        transform: { text in
            guard let level = LoggingOptions.level(named: text) else {
                throw ValidationError("--log-level must be one of \(LoggingOptions.levelNames), found '\(text)'")
            }
            return level
        })
    var logLevel: Logger.Level?

    @Flag(name: .shortAndLong, help: """
        Log more: -v from info on, -vv debug, -vvv trace (--log-level wins). replay: also every touch \
        update; haptic play: also the kernel effects.
        """)
    var verbose: Int

    /// Leaves the parsed options where `ForceBridgeCLI` reads them (the argument parser validates
    /// every option group it decodes): cheaper than asking the parsed command whether it is a
    /// `LoggingCommand`, a run-time conformance lookup of 2 million instructions at start-up.
    func validate() throws {
        Self.parsed?.options = self
    }

    /// Where `validate()` leaves the options of the command being parsed (task-local: in-process
    /// runs in parallel each have their own).
    @TaskLocal static var parsed: ParsedLoggingOptions?

    /// The environment variable naming a level, below the command line's options.
    static let environmentVariable = "FORCEBRIDGE_LOG"

    /// The level names, least severe first, for messages.
    static let levelNames = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")

    /// The level `text` names (any case), if any.
    static func level(named text: String) -> Logger.Level? {
        Logger.Level(rawValue: text.lowercased())
    }

    /// The level in force, and a warning when `FORCEBRIDGE_LOG` named none: `--log-level`, else
    /// `--verbose`, else the environment's, else `fallback`.
    func resolve(environment: [String: String], fallback: Logger.Level) -> (level: Logger.Level, warning: String?) {
        if let logLevel { return (logLevel, nil) }
        switch verbose {
        case 0: break
        case 1: return (.info, nil)
        case 2: return (.debug, nil)
        default: return (.trace, nil)
        }
        guard let named = environment[Self.environmentVariable], !named.isEmpty else { return (fallback, nil) }
        guard let level = Self.level(named: named) else {
            return (fallback, "\(Self.environmentVariable)=\(named) is not a log level (\(Self.levelNames)); logging from \(fallback.rawValue) on")
        }
        return (level, nil)
    }
}

/// The logging options of the command just parsed, if it has them.
final class ParsedLoggingOptions: @unchecked Sendable {
    var options: LoggingOptions?
}

/// A command with the shared logging options; `ForceBridgeCLI` sets the level they choose before
/// the command runs.
protocol LoggingCommand: ParsableCommand {
    /// The command's `--log-level` and `--verbose`.
    var logging: LoggingOptions { get }
    /// The level when neither the options nor `FORCEBRIDGE_LOG` say.
    static var defaultLogLevel: Logger.Level { get }
}

extension LoggingCommand {
    static var defaultLogLevel: Logger.Level { DiagnosticLog.defaultLevel }
}
