import FoundationEssentials

/// The XDG base directories ForceBridge uses: configuration (profiles) and data (ratings).
public struct XDGDirectories: Sendable {
    /// `$XDG_CONFIG_HOME/forcebridge`, by default `~/.config/forcebridge`.
    public var configuration: URL
    /// `$XDG_DATA_HOME/forcebridge`, by default `~/.local/share/forcebridge`.
    public var data: URL

    /// The directories for `environment` (the process environment by default).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        func base(_ variable: String, fallback: String) -> URL {
            // The spec says relative paths are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return URL(fileURLWithPath: home).appendingPathComponent(fallback)
        }
        configuration = base("XDG_CONFIG_HOME", fallback: ".config").appendingPathComponent("forcebridge")
        data = base("XDG_DATA_HOME", fallback: ".local/share").appendingPathComponent("forcebridge")
    }

    /// The user's profile file: `profiles.json` in the configuration directory.
    public var profilesFile: URL { configuration.appendingPathComponent("profiles.json") }
}
