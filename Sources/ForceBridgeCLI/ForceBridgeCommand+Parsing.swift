import ArgumentParser
import ForceCommandLine

extension ForceBridgeCommand {
    /// Parses `arguments` (without the program's name) into the command to run, as
    /// `parseAsRoot(_:)` does, paying only for the command they name.
    ///
    /// The parser's price is per command it walks: every option group of a command costs runtime
    /// conformance lookups, and parsing from the root also parses two commands of its own to look
    /// for `--generate-completion-script`. So when the first argument names a subcommand and no
    /// argument asks for a completion script, that subcommand is parsed alone (`SubcommandRoot`).
    /// What it returns is used only if it is one of that subcommand's own commands; anything else
    /// (help, `--version`, an error of any kind) is parsed again from the root, so help, versions,
    /// completion scripts and error messages come from the whole tree, as they always have.
    /// Returns the command and the logging options it parsed, if it has them.
    static func parseCommand(_ arguments: [String]) throws -> (command: any ParsableCommand, logging: LoggingOptions?) {
        if let subcommand = subcommand(named: arguments.first),
            !arguments.contains(where: { $0.hasPrefix("--generate-completion-script") })
        {
            let parsed = ParsedLoggingOptions()
            if let command = try? LoggingOptions.$parsed.withValue(parsed, operation: { try parseAlone(subcommand, arguments) }),
                contains(type(of: command), in: subcommand)
            {
                return (command, parsed.options)
            }
        }
        return try parseFromRoot(arguments)
    }

    /// Parses `arguments` from the root, through the whole command tree (`parseAsRoot(_:)`).
    static func parseFromRoot(_ arguments: [String]) throws -> (command: any ParsableCommand, logging: LoggingOptions?) {
        let parsed = ParsedLoggingOptions()
        let command = try LoggingOptions.$parsed.withValue(parsed) { try parseAsRoot(arguments) }
        return (command, parsed.options)
    }

    /// Whether `arguments` ask for the version and nothing else: what the parser answers with the
    /// root's `version`.
    static func asksForVersionAlone(_ arguments: [String]) -> Bool {
        arguments == ["--version"] && !configuration.version.isEmpty
    }

    /// The subcommand called `name` (or one of its aliases), if any.
    private static func subcommand(named name: String?) -> (any ParsableCommand.Type)? {
        guard let name else { return nil }
        return configuration.subcommands.first { command in
            command.configuration.commandName == name || command.configuration.aliases.contains(name)
        }
    }

    private static func parseAlone<Command: ParsableCommand>(_ command: Command.Type, _ arguments: [String]) throws -> any ParsableCommand {
        try SubcommandRoot<Command>.parseAsRoot(arguments)
    }

    /// Whether `type` is `command` or one of the commands below it.
    private static func contains(_ type: any ParsableCommand.Type, in command: any ParsableCommand.Type) -> Bool {
        type == command || command.configuration.subcommands.contains { contains(type, in: $0) }
    }
}
