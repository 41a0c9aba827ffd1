import ArgumentParser
import ForceSession

/// What a command writes on standard output: the values of every command's `--format`.
package enum OutputFormat: String, Sendable {
    /// Text for people.
    case text
    /// One JSON object.
    case json
    /// One JSON object per line.
    case jsonl
    /// A session's summary line alone (JSON).
    case summary

    /// How a session is reported in this format (`json` has no session report).
    package var sessionReport: SessionReportFormat {
        switch self {
        case .text: return .text
        case .json, .jsonl: return .jsonl
        case .summary: return .summary
        }
    }
}

/// The formats one command writes: its `--format` accepts these values, and its `--help` and
/// manual page list them, in this order, each with what it gives.
package protocol OutputFormats {
    /// The formats, each with its description.
    static var formats: [(format: OutputFormat, description: String)] { get }
    /// The format without `--format` (on a terminal, where `pipedFormat` differs).
    static var defaultFormat: OutputFormat { get }
    /// The format without `--format` when standard output is not a terminal; nil when it is
    /// `defaultFormat` there too.
    static var pipedFormat: OutputFormat? { get }
    /// The option's help.
    static var abstract: String { get }
    /// What `--json` stands for, where the command has it (`FormatOptionWithJSONFlag`).
    static var jsonFormat: OutputFormat { get }
}

extension OutputFormats {
    package static var defaultFormat: OutputFormat { .text }
    package static var pipedFormat: OutputFormat? { nil }
    package static var abstract: String { "Output format." }
    package static var jsonFormat: OutputFormat { .jsonl }
}

/// A value of `--format` among those `Formats` lists.
///
/// The values and their descriptions are given outright: the parser's defaults derive them
/// through `String(describing:)` and generic reductions, whose protocol conformance lookups
/// cost start-up time (Benchmarks/README.md, Start-up).
package struct FormatValue<Formats: OutputFormats>: ExpressibleByArgument, Sendable {
    /// The format.
    package let format: OutputFormat
    /// Whether it is the default rather than given with `--format`.
    package let isDefault: Bool

    /// The format without `--format`.
    package static var standard: FormatValue { FormatValue(format: Formats.defaultFormat, isDefault: true) }

    private init(format: OutputFormat, isDefault: Bool) {
        self.format = format
        self.isDefault = isDefault
    }

    package init?(argument: String) {
        guard let format = OutputFormat(rawValue: argument), Formats.formats.contains(where: { $0.format == format }) else { return nil }
        self.init(format: format, isDefault: false)
    }

    package static var allValueStrings: [String] { Formats.formats.map { $0.format.rawValue } }

    package static var allValueDescriptions: [String: String] {
        var descriptions: [String: String] = [:]
        for (format, description) in Formats.formats { descriptions[format.rawValue] = description }
        return descriptions
    }

    package static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    package var defaultValueDescription: String {
        guard isDefault, let piped = Formats.pipedFormat else { return format.rawValue }
        return "\(format.rawValue) on a terminal, \(piped.rawValue) otherwise"
    }
}

/// `--format`: how a command writes its output, among the values `Formats` lists.
package struct FormatOption<Formats: OutputFormats>: ParsableArguments {
    @Option(help: ArgumentHelp(Formats.abstract))
    package var format = FormatValue<Formats>.standard

    package init() {}

    /// The format in force: the one given, else the default for where standard output goes.
    package func resolved(outputIsTerminal: @autoclosure () -> Bool = true) -> OutputFormat {
        guard format.isDefault, let piped = Formats.pipedFormat else { return format.format }
        return outputIsTerminal() ? format.format : piped
    }
}

/// `--format`, and `--json`, short for `--format` with the command's JSON (`Formats.jsonFormat`),
/// for the commands that have it (`list`, `doctor`, `haptic list`, `haptic benchmark`).
package struct FormatOptionWithJSONFlag<Formats: OutputFormats>: ParsableArguments {
    @OptionGroup package var option: FormatOption<Formats>

    @Flag(name: .customLong("json"), help: ArgumentHelp("The same as --format \(Formats.jsonFormat.rawValue).", visibility: .hidden))
    package var json = false

    package init() {}

    package func validate() throws {
        let given = option.format
        if json && !given.isDefault && given.format != Formats.jsonFormat {
            throw ValidationError("--json is short for --format \(Formats.jsonFormat.rawValue): give --json or --format \(given.format.rawValue), not both")
        }
    }

    /// The format in force.
    package var format: OutputFormat { json ? Formats.jsonFormat : option.resolved() }
}
