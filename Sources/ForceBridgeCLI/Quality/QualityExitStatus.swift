import ArgumentParser

/// The exit statuses of the QA commands (`check`, `diff`, `analyze`), a contract for CI
/// scripts, as `diff(1)` has them: 0 when the check holds (the sessions are the same), 1 when
/// it does not, 2 when it could not be made (bad input or usage).
enum QualityExitStatus {
    /// Everything held.
    static let holds: Int32 = 0
    /// A mismatch: a transcript differs from its golden one, an expectation fails, two sessions differ.
    static let differs: Int32 = 1
    /// Bad input or usage: a missing or malformed recording or golden file, a wrong option.
    static let badInput: Int32 = 2

    /// The commands that follow this contract.
    static let commandNames: Set<String> = [
        CheckCommand.configuration.commandName!, DiffCommand.configuration.commandName!, AnalyzeCommand.configuration.commandName!,
    ]

    /// The exit code for `error`, ending the command line `arguments`: the argument parser's,
    /// except that a usage error of a QA command is status 2.
    static func exitCode(for error: any Error, arguments: [String]) -> ExitCode {
        let code = ForceBridgeCommand.exitCode(for: error)
        guard code == .validationFailure, let command = arguments.first, commandNames.contains(command) else { return code }
        return ExitCode(badInput)
    }
}
