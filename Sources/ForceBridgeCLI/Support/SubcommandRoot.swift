import ArgumentParser

/// A root above one of `forcebridge`'s subcommands and nothing else, for parsing that subcommand
/// alone: the parser builds and walks only `Command`'s part of the tree, not every command's
/// option groups.
///
/// It names itself after `forcebridge` as a super-command (argument-parser's
/// `_superCommandName`), which is what keeps the parser from looking for completion requests:
/// `ForceBridgeCommand.parse(_:)` sends those, and everything that does not parse here, to the
/// whole tree, so this root never shows in help, manual pages, completions or errors.
struct SubcommandRoot<Command: ParsableCommand>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: ForceBridgeCommand.configuration.commandName,
            _superCommandName: ForceBridgeCommand.configuration.commandName ?? "forcebridge",
            subcommands: [Command.self]
        )
    }
}
