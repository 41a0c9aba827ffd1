import ArgumentParser
import ForceCommandLine
import ForceSettings
import ForceTerminalUI
import RatingOverlay

/// `forcebridge ratings`: the ratings `rate` saved.
struct RatingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ratings",
        abstract: "Show or reset the ratings saved by 'forcebridge rate'.",
        subcommands: [Show.self, Reset.self, Churn.self],
        defaultSubcommand: Show.self
    )

    /// Opens the store, reporting (on standard error) a corrupt file that was moved aside.
    static func openStore() throws -> RatingStore {
        let store = RatingStore(directory: XDGDirectories().data)
        if let notice = try CommandFailure.reporting({ try store.load() }).notice(path: store.fileURL.path) {
            Console.error("forcebridge: \(notice)")
        }
        return store
    }

    struct Show: LoggingCommand {
        @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

        static let configuration = CommandConfiguration(commandName: "show", abstract: "List the saved ratings.")

        /// `ratings --format`'s values.
        enum Formats: OutputFormats {
            static let formats: [(format: OutputFormat, description: String)] = [
                (.text, "Each emoji and its rating, for people."),
                (.json, "One JSON object: the ratings (emoji to up or down) and the file."),
                (.jsonl, "The same object on one line, as the other commands' JSON lines."),
            ]
        }

        @OptionGroup var output: FormatOption<Formats>

        func run() throws {
            let store = try RatingsCommand.openStore()
            let report = RatingsReport(store: store)
            let output = Console.output()
            for line in self.output.resolved() == .text ? report.textLines : [report.jsonLine] { output.line(line) }
            output.flush()
        }
    }

    struct Reset: LoggingCommand {
        @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

        static let configuration = CommandConfiguration(commandName: "reset", abstract: "Forget every saved rating.")

        func run() throws {
            let store = try RatingsCommand.openStore()
            store.replaceRatings(with: [:])
            try CommandFailure.reporting { try store.save() }
            Console.output().line("Ratings cleared in \(store.fileURL.path)")
        }
    }

    /// Saves alternating rating sets as fast as it can: the crash-safety test kills it with
    /// SIGKILL mid-write and checks the file is always one complete set.
    struct Churn: LoggingCommand {
        @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

        static let configuration = CommandConfiguration(
            commandName: "churn",
            abstract: "Rewrite the ratings file in a loop (for crash-safety tests).",
            shouldDisplay: false)

        @Option(help: "How many saves (0: until killed).")
        var count: Int = 0

        func run() throws {
            let store = try RatingsCommand.openStore()
            var iteration = 0
            while count == 0 || iteration < count {
                store.replaceRatings(with: EmojiCatalog.alternatingRatings(shift: iteration))
                try CommandFailure.reporting { try store.save() }
                iteration += 1
            }
        }
    }
}
