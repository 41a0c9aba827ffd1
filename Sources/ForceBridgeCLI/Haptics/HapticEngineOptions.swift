import ArgumentParser
import ForceCore

extension HapticTuning.EffectPreference: ExpressibleByArgument {
    /// `auto` (also `automatic`), `rumble` or `periodic`.
    public init?(argument: String) {
        if argument == "automatic" { self = .automatic } else { self.init(rawValue: argument) }
    }

    // Given outright: the parser's defaults cost start-up time (Benchmarks/README.md, Start-up).
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] {
        [Self.automatic.rawValue: "Rumble where the device has it, else periodic (also 'automatic').",
         Self.rumble.rawValue: "Rumble, else periodic.", Self.periodic.rawValue: "Periodic, else rumble."]
    }
}

/// How haptics are rendered on the chosen device: strength, effect type, minimum pulse.
struct HapticEngineOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Global strength, 0 to 1 (the device gain where it has FF_GAIN).", valueName: "0...1"))
    var strength: Double = 1

    @Option(help: ArgumentHelp("Effect type.", valueName: "TYPE"))
    var effect: HapticTuning.EffectPreference = .automatic

    @Option(help: ArgumentHelp("The shortest pulse the device's motor makes felt, in ms (default 20, or 40 on gamepads).", valueName: "MS"))
    var minDuration: Int?

    func validate() throws {
        guard strength.isFinite, (0...1).contains(strength) else { throw ValidationError("--strength must be between 0 and 1.") }
        if let minDuration, !(1...Int(HapticEffect.maximumMilliseconds)).contains(minDuration) {
            throw ValidationError("--min-duration must be between 1 and \(HapticEffect.maximumMilliseconds) ms.")
        }
    }

    /// The engine configuration these options ask for.
    var configuration: HapticEngineConfiguration {
        HapticEngineConfiguration(minimumDuration: minDuration, strength: strength, effectPreference: effect)
    }
}
