import ArgumentParser
@testable import ForceBridgeCLI
import ForceCore
import Testing

/// Every command's definition holds what swift-argument-parser checks of it at each start, but only
/// in a debug build of the parser (`make test` builds in the release configuration, whose programs
/// skip that check): no name given to two options or flags, at most one repeating positional
/// argument and nothing positional after it, and no flag that is on by default and cannot be
/// turned off. The definitions are read as the parser describes them (`--experimental-dump-help`).
@Suite("Command definitions")
struct CommandDefinitionTests {
    /// One command as the parser describes it.
    struct Command: CustomStringConvertible {
        /// `forcebridge haptic play`.
        var description: String
        /// Its arguments, in order.
        var arguments: [JSONValue]
    }

    /// The tool and every command below it.
    static let commands: [Command] = {
        func commands(in command: JSONValue, parent: String) -> [Command] {
            let path = parent.isEmpty ? command["commandName"]?.string ?? "?" : parent + " " + (command["commandName"]?.string ?? "?")
            let here = Command(description: path, arguments: command["arguments"]?.elements ?? [])
            return [here] + (command["subcommands"]?.elements ?? []).flatMap { commands(in: $0, parent: path) }
        }
        guard let dump = try? JSONValue(parsing: ForceBridgeCommand._dumpHelp()), let root = dump["command"] else { return [] }
        return commands(in: root, parent: "")
    }()

    /// The names an argument answers to, as typed: `--output`, `-o`.
    static func names(of argument: JSONValue) -> [String] {
        (argument["names"]?.elements ?? []).compactMap { name in
            guard let text = name["name"]?.string else { return nil }
            switch name["kind"]?.string {
            case "long": return "--" + text
            case "short": return "-" + text
            default: return "-" + text  // long with a single dash
            }
        }
    }

    @Test func theToolAndItsCommandsAreDescribed() {
        let paths = Set(Self.commands.map(\.description))
        #expect(paths.contains("forcebridge"))
        #expect(paths.contains("forcebridge replay"))
        #expect(paths.contains("forcebridge haptic play"))
        #expect(Self.commands.allSatisfy { !$0.arguments.isEmpty })
    }

    @Test func noNameIsGivenToTwoOptionsOrFlags() {
        for command in Self.commands {
            var seen: [String: Int] = [:]
            for argument in command.arguments {
                for name in Self.names(of: argument) { seen[name, default: 0] += 1 }
            }
            let repeated = seen.filter { $0.value > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "\(command): \(repeated) name more than one option or flag")
        }
    }

    @Test func aRepeatingPositionalArgumentComesLast() {
        for command in Self.commands {
            let positionals = command.arguments.filter { $0["kind"]?.string == "positional" }
            let repeating = positionals.indices.filter { positionals[$0]["isRepeating"]?.bool == true }
            #expect(repeating.count <= 1, "\(command): more than one repeating positional argument")
            if let first = repeating.first {
                #expect(first == positionals.count - 1, "\(command): a positional argument follows the repeating one")
            }
        }
    }

    @Test func everyFlagOnByDefaultCanBeTurnedOff() {
        for command in Self.commands {
            for argument in command.arguments where argument["kind"]?.string == "flag" && argument["defaultValue"]?.string == "true" {
                let names = Self.names(of: argument)
                #expect(names.contains { $0.hasPrefix("--no-") }, "\(command): the flag \(names) is on by default and has no --no- form")
            }
        }
    }
}
