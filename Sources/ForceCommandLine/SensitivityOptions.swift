import ArgumentParser
import ForceCore
import ForceSettings

extension ForceSensitivity: ExpressibleByArgument {
    /// `light`, `medium` or `firm`; `default` is `medium`.
    public init?(argument: String) {
        if argument == "default" { self = .standard } else { self.init(rawValue: argument) }
    }

    // Given outright: the parser's defaults use a key path and a generic `reduce`, which cost
    // protocol conformance scans at every start-up (Benchmarks/README.md, Start-up).
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] {
        [Self.light.rawValue: "Force thresholds scaled by 0.7.", Self.medium.rawValue: "The thresholds as they are (the default; also 'default').",
         Self.firm.rawValue: "Force thresholds scaled by 1.4."]
    }
}

extension TouchDuration: ExpressibleByArgument {
    /// `fast` or `slow`; `default` is `fast`.
    public init?(argument: String) {
        if argument == "default" { self = .standard } else { self.init(rawValue: argument) }
    }

    // Given outright: the parser's defaults cost start-up time (Benchmarks/README.md, Start-up).
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] {
        [Self.fast.rawValue: "Peek at 0.5 s, pop at 1.0 s (the default; also 'default').", Self.slow.rawValue: "Peek at 0.8 s, pop at 1.6 s."]
    }
}

/// `--sensitivity` and `--touch-duration`: the user's *3D & Haptic Touch* settings for one run,
/// over what the profiles say (`PipelineSettings`), for every command that drives
/// preview interactions.
package struct SensitivityOptions: ParsableArguments {
    package init() {}

    @Option(help: ArgumentHelp(
        "How firmly to press where force is measured or estimated; overrides the profiles.",
        valueName: "light|medium|firm"))
    package var sensitivity: ForceSensitivity?

    @Option(name: .customLong("touch-duration"), help: ArgumentHelp(
        "How long to hold still on a touchscreen without force (Haptic Touch); overrides the profiles.",
        valueName: "fast|slow"))
    package var touchDuration: TouchDuration?
}
