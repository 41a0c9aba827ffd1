import ArgumentParser
@testable import ForceBridgeCLI
import ForceCommandLine
import Testing

/// One `--format` everywhere: each command accepts the values it declares, refuses the others
/// naming its own, lists them in its help, and `--json` stays an alias where it was.
@Suite("--format on every command")
struct OutputFormatTests {
    /// Every command with a format: the arguments that run it, its values, and how to read the
    /// format it parsed.
    static let commands: [(arguments: [String], values: [String], format: @Sendable (any ParsableCommand) -> OutputFormat?)] = [
        (["replay", "x.evemu"], ["text", "jsonl", "summary"], { ($0 as? ReplayCommand)?.output.resolved() }),
        (["describe", "x.evemu"], ["text", "json"], { ($0 as? DescribeCommand)?.output.resolved() }),
        (["monitor"], ["text", "jsonl", "summary"], { ($0 as? MonitorCommand)?.output.resolved() }),
        (["list"], ["text", "jsonl"], { ($0 as? ListCommand)?.output.format }),
        (["doctor"], ["text", "jsonl"], { ($0 as? DoctorCommand)?.output.format }),
        (["haptic", "list"], ["text", "jsonl"], { ($0 as? HapticListCommand)?.output.format }),
        (["haptic", "benchmark"], ["text", "json"], { ($0 as? HapticBenchmarkCommand)?.output.format }),
        (["rate", "--replay", "x.evemu"], ["text", "jsonl"], { ($0 as? RateCommand)?.output.resolved() }),
        (["ratings", "show"], ["text", "json", "jsonl"], { ($0 as? RatingsCommand.Show)?.output.resolved() }),
        (["ratings"], ["text", "json", "jsonl"], { ($0 as? RatingsCommand.Show)?.output.resolved() }),
        (["diff", "a.evemu", "b.evemu"], ["text", "jsonl"], { ($0 as? DiffCommand)?.report.output.resolved() }),
        (["analyze", "a.evemu"], ["text", "jsonl"], { ($0 as? AnalyzeCommand)?.report.output.resolved() }),
    ]

    static let allValues = ["text", "json", "jsonl", "summary"]

    @Test(arguments: commands.indices)
    func eachCommandAcceptsItsValuesAndRefusesTheOthers(index: Int) throws {
        let (arguments, values, format) = Self.commands[index]
        #expect(format(try ForceBridgeCommand.parseAsRoot(arguments)) == .text, "\(arguments): text by default")
        for value in Self.allValues {
            if values.contains(value) {
                #expect(format(try ForceBridgeCommand.parseAsRoot(arguments + ["--format", value]))?.rawValue == value, "\(arguments) \(value)")
            } else {
                do {
                    _ = try ForceBridgeCommand.parseAsRoot(arguments + ["--format", value])
                    Issue.record("\(arguments) accepted --format \(value)")
                } catch {
                    let quoted = values.map { "'\($0)'" }
                    // The parser's wording.
                    let choices = quoted.count == 2 ? quoted.joined(separator: " and ")
                        : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
                    #expect(ForceBridgeCommand.message(for: error)
                        == "The value '\(value)' is invalid for '--format <format>'. Please provide one of \(choices).")
                }
            }
        }
    }

    @Test(arguments: commands.indices)
    func theHelpListsEachValueWithWhatItGives(index: Int) {
        let (arguments, expected, _) = Self.commands[index]
        let path = arguments.filter { !$0.contains(".") && !$0.hasPrefix("-") }
        let help = ForceBridgeCommand.helpMessage(for: Self.command(path), columns: 200)
        let lines = help.split(separator: "\n")
        let values = lines.drop { !$0.hasPrefix("  --format <format>") }.dropFirst().prefix { !$0.hasPrefix("  -") }
        let listed = values.filter { $0.hasPrefix("        ") && $0.contains(" - ") }.map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(listed == expected, "\(path)")
    }

    @Test func jsonIsAnAliasWhereItWas() throws {
        #expect((try ForceBridgeCommand.parseAsRoot(["list", "--json"]) as? ListCommand)?.output.format == .jsonl)
        #expect((try ForceBridgeCommand.parseAsRoot(["doctor", "--json"]) as? DoctorCommand)?.output.format == .jsonl)
        #expect((try ForceBridgeCommand.parseAsRoot(["haptic", "list", "--json"]) as? HapticListCommand)?.output.format == .jsonl)
        #expect((try ForceBridgeCommand.parseAsRoot(["haptic", "benchmark", "--json"]) as? HapticBenchmarkCommand)?.output.format == .json)
        #expect((try ForceBridgeCommand.parseAsRoot(["list", "--json", "--format", "jsonl"]) as? ListCommand)?.output.format == .jsonl)
        do {
            _ = try ForceBridgeCommand.parseAsRoot(["list", "--json", "--format", "text"])
            Issue.record("--json --format text accepted")
        } catch {
            #expect(ForceBridgeCommand.message(for: error) == "--json is short for --format jsonl: give --json or --format text, not both")
        }
        #expect(throws: (any Error).self) { try ForceBridgeCommand.parseAsRoot(["replay", "x.evemu", "--json"]) }
    }

    @Test func monitorsDefaultFollowsTheOutput() throws {
        let monitor = try #require(try ForceBridgeCommand.parseAsRoot(["monitor"]) as? MonitorCommand)
        #expect(monitor.output.resolved(outputIsTerminal: true) == .text)
        #expect(monitor.output.resolved(outputIsTerminal: false) == .jsonl)
        let given = try #require(try ForceBridgeCommand.parseAsRoot(["monitor", "--format", "text"]) as? MonitorCommand)
        #expect(given.output.resolved(outputIsTerminal: false) == .text)
        let help = ForceBridgeCommand.helpMessage(for: MonitorCommand.self, columns: 200)
        #expect(help.contains("Output format. (default: text on a terminal, jsonl otherwise)"))
    }

    /// The command type at `path` under `forcebridge`.
    static func command(_ path: [String]) -> any ParsableCommand.Type {
        var command: any ParsableCommand.Type = ForceBridgeCommand.self
        for name in path {
            command = command.configuration.subcommands.first { $0.configuration.commandName == name } ?? command
        }
        return command.configuration.defaultSubcommand ?? command
    }
}
