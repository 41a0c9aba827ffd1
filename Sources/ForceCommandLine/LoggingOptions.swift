import ArgumentParser
import ForceSystem
import Logging

/// `--log-level LEVEL` and `-v`/`--verbose`: how much of ForceBridge's diagnostics (devices found
/// and opened, resynchronizations, effects, profiles, the service's bus names and clients) go to
/// standard error. Every command has them.
///
/// `--verbose` counts: `-v` logs from `info` on, `-vv` from `debug`, `-vvv` everything. In
/// `replay`'s text output it also shows every touch update, and `haptic play` also prints the
/// kernel effects it plays.
package struct LoggingOptions: ParsableArguments {
    package init() {}

    @Option(
        help: ArgumentHelp(
            """
            Log diagnostics to standard error from LEVEL on: trace, debug, info, notice, warning, error \
            or critical (default: $FORCEBRIDGE_LOG, else warning; serve: info).
            """,
            valueName: "LEVEL"),
        transform: { text in
            guard let level = DiagnosticLog.level(named: text) else {
                throw ValidationError("--log-level must be one of \(DiagnosticLog.levelNames), found '\(text)'")
            }
            return level
        })
    package var logLevel: Logger.Level?

    @Flag(name: .shortAndLong, help: """
        Log more: -v from info on, -vv debug, -vvv trace (--log-level wins). replay: also every touch \
        update; haptic play: also the kernel effects.
        """)
    package var verbose: Int

    /// Leaves the parsed options where `ForceBridgeCLI` reads them (the argument parser validates
    /// every option group it decodes): cheaper than asking the parsed command whether it is a
    /// `LoggingCommand`, a run-time conformance lookup of 2 million instructions at start-up.
    package func validate() throws {
        Self.parsed?.options = self
    }

    /// Where `validate()` leaves the options of the command being parsed (task-local: in-process
    /// runs in parallel each have their own).
    @TaskLocal package static var parsed: ParsedLoggingOptions?

    /// The environment variable naming a level, below the command line's options.
    package static var environmentVariable: String { DiagnosticLog.environmentVariable }

    /// The level in force, and a warning when `FORCEBRIDGE_LOG` named none: `--log-level`, else
    /// `--verbose`, else the environment's, else `fallback` (`DiagnosticLog.level`).
    package func resolve(environment: [String: String], fallback: Logger.Level) -> (level: Logger.Level, warning: String?) {
        DiagnosticLog.level(given: logLevel, verbosity: verbose, environment: environment, fallback: fallback)
    }
}

/// The logging options of the command just parsed, if it has them.
package final class ParsedLoggingOptions: @unchecked Sendable {
    package var options: LoggingOptions?

    package init() {}
}

/// A command with the shared logging options; `ForceBridgeCLI` sets the level they choose before
/// the command runs.
package protocol LoggingCommand: ParsableCommand {
    /// The command's `--log-level` and `--verbose`.
    var logging: LoggingOptions { get }
    /// The level when neither the options nor `FORCEBRIDGE_LOG` say.
    static var defaultLogLevel: Logger.Level { get }
}

extension LoggingCommand {
    package static var defaultLogLevel: Logger.Level { DiagnosticLog.defaultLevel }
}
