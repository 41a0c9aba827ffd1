import ArgumentParser
import ForceAnalysis

extension QualityExitStatus {
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
