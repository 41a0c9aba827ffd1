import ArgumentParser
@testable import ForceBridgeCLI
import Testing

/// The program parses only the command named on its command line (`ForceBridgeCommand.parseCommand`);
/// what it prints must be what parsing the whole tree from the root prints, byte for byte: help,
/// manual pages (the plugin reads `--experimental-dump-help`), completion scripts, versions and
/// every error, for every command; and a command line that parses must give the same command.
@Suite("Parsing the named command alone")
struct CommandParsingTests {
    /// Every command's words after `forcebridge`: [] for the root, ["replay"], ["ratings", "show"], ...
    static let commandPaths: [[String]] = {
        func paths(below command: any ParsableCommand.Type, at path: [String]) -> [[String]] {
            [path] + command.configuration.subcommands.flatMap { subcommand in
                paths(below: subcommand, at: path + [subcommand.configuration.commandName ?? ""])
            }
        }
        return paths(below: ForceBridgeCommand.self, at: [])
    }()

    /// Commands that hand every argument after their name to another program (`view` runs
    /// `forcebridge-view`, replacing the process): only the lines the root answers run nothing.
    static let passingArgumentsOn: Set<[String]> = [["view"]]

    /// Command lines that print help, a version, a completion script or an error, and run nothing.
    static func linesThatRunNothing(_ path: [String]) -> [[String]] {
        if passingArgumentsOn.contains(path) { return [["help"] + path, ["--no-such-option"] + path] }
        var lines = [
            path + ["--help"], path + ["-h"], path + ["-help"], path + ["--help-hidden"], ["help"] + path,
            path + ["--experimental-dump-help"], path + ["--version"], path + ["--no-such-option"], path + ["-vh"],
            path + ["--generate-completion-script", "bash"], path + ["--generate-completion-script"],
            path + ["--log-level", "loud", "--no-such-option"],
        ]
        if !path.isEmpty { lines.append(["--no-such-option"] + path) }
        return lines
    }

    static let linesOfEveryCommand = commandPaths.flatMap(linesThatRunNothing)

    /// Command lines of particular errors: values the parser or a command's `validate()` rejects,
    /// missing and extra arguments, unknown commands.
    static let errorLines: [[String]] = [
        [], ["no-such-command"], ["help", "no-such-command"],
        ["replay"], ["replay", "x.evemu", "--speed", "fast"], ["replay", "x.evemu", "--format", "xml"],
        ["replay", "x.evemu", "--log-level", "loud"], ["replay", "x.evemu", "--speed"], ["replay", "a", "b", "c"],
        ["replay", "x.evemu", "--version"], ["replay", "x.evemu", "--generate-completion-script", "zsh"],
        ["plot", "x.evemu", "-o", "-", "--from", "5", "--to", "1"], ["describe"], ["convert", "x.evemu"],
        ["ratings", "help", "show"], ["ratings", "no-such-subcommand"], ["udev", "no-such-subcommand"],
        ["haptic", "play", "no-such-pattern"], ["haptic", "play", "selection", "--effect", "no-such-effect"],
        ["serve", "--print-introspection", "no.such.Interface"], ["check"], ["diff", "only-one.evemu"],
        ["--generate-completion-script", "zsh"], ["--generate-completion-script", "fish"],
        ["--generate-completion-script", "no-such-shell"],
    ]

    @Test(arguments: linesOfEveryCommand + errorLines)
    func printsWhatTheWholeTreePrints(arguments: [String]) {
        let named = ForceBridgeCLI.runCapturing(arguments, parsing: .namedCommand)
        let whole = ForceBridgeCLI.runCapturing(arguments, parsing: .wholeTree)
        #expect(named.status == whole.status, "\(arguments)")
        #expect(named.output == whole.output, "\(arguments)")
        #expect(named.error == whole.error, "\(arguments)")
        #expect(!(named.output + named.error).isEmpty, "\(arguments): prints something")
    }

    /// The command and every option value, as `dump` shows them.
    static func dumped(_ command: any ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    @Test(arguments: [
        ["replay", "recordings/touchscreen-tap.evemu", "--speed", "max", "--format", "summary"],
        ["replay", "x.evemu", "-vv", "--no-user-profile", "--format", "jsonl"],
        ["replay", "x.evemu", "--log-level", "debug", "--speed", "2"],
        ["describe", "x.evemu", "--format", "json"], ["plot", "x.evemu", "-o", "-"],
        ["ratings"], ["ratings", "show"], ["ratings", "reset"], ["udev", "install"],
        ["haptic", "play", "selection"], ["haptic", "list", "--json"], ["list", "--json"], ["doctor"],
        ["check", "recordings", "--golden-dir", "Tests/Goldens"], ["serve"], ["service", "install"],
    ])
    func parsesTheSameCommand(arguments: [String]) throws {
        let named = try ForceBridgeCommand.parseCommand(arguments)
        let whole = try ForceBridgeCommand.parseFromRoot(arguments)
        #expect(type(of: named.command) == type(of: whole.command))
        #expect(Self.dumped(named.command) == Self.dumped(whole.command))
        #expect(named.logging.map(String.init(describing:)) == whole.logging.map(String.init(describing:)))
    }

    @Test func everyCommandIsReached() {
        #expect(Self.commandPaths.count > 20, "\(Self.commandPaths)")
        #expect(Self.commandPaths.allSatisfy { !$0.contains("") }, "every command names itself")
    }
}
