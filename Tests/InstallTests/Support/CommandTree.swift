import Foundation

/// The command and its subcommands as the binary defines them (`--experimental-dump-help`).
struct CommandTree {
    /// The words that name the command: `["forcebridge", "haptic", "play"]`.
    var path: [String]
    var subcommands: [CommandTree]
    /// Whether help and completion leave it out (it still gets a manual page).
    var isHidden: Bool

    /// The tree of the tests' build.
    static func load() throws -> CommandTree {
        let dump = try Shell.run(Repository.forcebridge, ["--experimental-dump-help"])
        let json = try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any]
        guard let command = json?["command"] as? [String: Any] else {
            throw Repository.MissingBuild(description: "--experimental-dump-help gave no command: \(dump.errors)")
        }
        return CommandTree(command, parent: [])
    }

    private init(_ command: [String: Any], parent: [String]) {
        let path = parent + [command["commandName"] as? String ?? "?"]
        self.path = path
        isHidden = command["shouldDisplay"] as? Bool == false
        subcommands = (command["subcommands"] as? [[String: Any]] ?? []).map { CommandTree($0, parent: path) }
    }

    /// This command and every command below it.
    var all: [CommandTree] { [self] + subcommands.flatMap(\.all) }

    /// The name of its manual page (`forcebridge.haptic.play.1`).
    var manualPage: String { path.joined(separator: ".") + ".1" }
}
