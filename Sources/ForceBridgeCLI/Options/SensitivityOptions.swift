import ArgumentParser
import ForceCore
import ForceSettings

extension ForceSensitivity: ExpressibleByArgument {
    /// `light`, `medium` or `firm`; `default` is `medium`.
    public init?(argument: String) {
        if argument == "default" { self = .standard } else { self.init(rawValue: argument) }
    }

    // What the parser's defaults give, without their key path and generic `reduce`, which cost
    // protocol conformance scans at every start-up (Benchmarks/README.md, Start-up).
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
}

extension TouchDuration: ExpressibleByArgument {
    /// `fast` or `slow`; `default` is `fast`.
    public init?(argument: String) {
        if argument == "default" { self = .standard } else { self.init(rawValue: argument) }
    }

    // What the parser's defaults give, without their key path and generic `reduce`, which cost
    // protocol conformance scans at every start-up (Benchmarks/README.md, Start-up).
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
}

/// `--sensitivity` and `--touch-duration`: the user's *3D & Haptic Touch* settings for one run,
/// over what the profiles say (`ProfileStore.sensitivity(for:)`), for every command that drives
/// preview interactions.
struct SensitivityOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "How firmly to press where force is measured or estimated: light (thresholds scaled by 0.7), medium (the default; also 'default') or firm (by 1.4). Overrides the profiles.",
        valueName: "light|medium|firm"))
    var sensitivity: ForceSensitivity?

    @Option(name: .customLong("touch-duration"), help: ArgumentHelp(
        "How long to hold still on a touchscreen without force (Haptic Touch): fast (the default; also 'default'; peek at 0.5 s, pop at 1.0 s) or slow (0.8 s, 1.6 s). Overrides the profiles.",
        valueName: "fast|slow"))
    var touchDuration: TouchDuration?

    /// The settings for `device`: the command line's, else the profiles', else the defaults.
    func sensitivity(for device: DeviceDescription, store: ProfileStore) -> TouchSensitivity {
        var result = store.sensitivity(for: device)
        if let sensitivity { result.force = sensitivity }
        if let touchDuration { result.touchDuration = touchDuration }
        return result
    }
}
