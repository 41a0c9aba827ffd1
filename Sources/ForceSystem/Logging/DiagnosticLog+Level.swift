import Logging

extension DiagnosticLog {
    /// The environment variable naming a level, below the command line's options.
    public static let environmentVariable = "FORCEBRIDGE_LOG"

    /// The level names, least severe first, for messages.
    public static let levelNames = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")

    /// The level `text` names (any case), if any.
    public static func level(named text: String) -> Logger.Level? {
        Logger.Level(rawValue: text.lowercased())
    }

    /// The level in force, and a warning when `FORCEBRIDGE_LOG` in `environment` names none:
    /// `given` (a level named outright), else `verbosity` (1 `info`, 2 `debug`, more `trace`),
    /// else the environment's, else `fallback`.
    public static func level(given: Logger.Level?, verbosity: Int, environment: [String: String],
                             fallback: Logger.Level) -> (level: Logger.Level, warning: String?) {
        if let given { return (given, nil) }
        switch verbosity {
        case ...0: break
        case 1: return (.info, nil)
        case 2: return (.debug, nil)
        default: return (.trace, nil)
        }
        guard let named = environment[environmentVariable], !named.isEmpty else { return (fallback, nil) }
        guard let level = level(named: named) else {
            return (fallback, "\(environmentVariable)=\(named) is not a log level (\(levelNames)); logging from \(fallback.rawValue) on")
        }
        return (level, nil)
    }
}
