/// Where the theme comes from, decided from the environment as feedbackd decides it, and the
/// chain of parents resolved. File access is the caller's (`read`), so this stays pure.
///
/// 1. `FEEDBACK_THEME`, a path (feedbackd's override, meant for testing);
/// 2. `$XDG_CONFIG_HOME/feedbackd/themes/default.json` (`~/.config/…` without it): the user's
///    own theme, the same file feedbackd reads, so a customised theme carries over;
/// 3. else ForceBridge's `DefaultFeedbackTheme`.
/// A theme's `parent-name` is looked up as `NAME.json` in `$XDG_CONFIG_HOME/feedbackd/themes`,
/// then in `feedbackd/themes` of each `$XDG_DATA_DIRS` folder (`/usr/local/share:/usr/share`
/// without it); the parent `default` is ForceBridge's default theme, which ends the chain.
public struct FeedbackThemeLocator: Sendable {
    /// The user's theme file candidates, in order.
    public let userThemePaths: [String]
    private let configurationThemes: String
    private let dataThemes: [String]

    /// The most parents a chain may have.
    public static let maximumDepth = 8

    /// The locations for `environment` (`HOME`, `XDG_CONFIG_HOME`, `XDG_DATA_DIRS`, `FEEDBACK_THEME`).
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        let configuration = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        configurationThemes = configuration + "/feedbackd/themes"
        let data = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        dataThemes = data.map { $0 + "/feedbackd/themes" }
        var user: [String] = []
        if let explicit = environment["FEEDBACK_THEME"], !explicit.isEmpty { user.append(explicit) }
        user.append(configurationThemes + "/default.json")
        userThemePaths = user
    }

    /// Where a theme named `name` may be, in order.
    public func paths(forThemeNamed name: String) -> [String] {
        ([configurationThemes] + dataThemes).map { $0 + "/" + name + ".json" }
    }

    /// The theme in use, its parents merged in. `read` gives a file's bytes, or nil if there is
    /// no such file. Errors name the file that is at fault.
    public func resolve(read: (String) -> [UInt8]?) throws(FeedbackThemeError) -> ResolvedFeedbackTheme {
        guard let (path, bytes) = Self.first(of: userThemePaths, read) else {
            return ResolvedFeedbackTheme(theme: DefaultFeedbackTheme.theme, files: [], warnings: [])
        }
        var files = [path]
        let theme = try Self.parse(bytes, file: path)
        var seen: Set<String> = [theme.name]
        var chain = [theme]
        while let parent = chain[chain.count - 1].parentName, parent != "default" {
            guard !seen.contains(parent), chain.count <= Self.maximumDepth else {
                throw FeedbackThemeError(file: files.last, location: nil, path: "parent-name",
                                         message: "the themes' parents form a loop or a chain deeper than \(Self.maximumDepth): \(chain.map(\.name).joined(separator: " → ")) → \(parent)")
            }
            seen.insert(parent)
            let candidates = paths(forThemeNamed: parent)
            guard let (parentPath, parentBytes) = Self.first(of: candidates, read) else {
                throw FeedbackThemeError(file: files.last, location: nil, path: "parent-name",
                                         message: "no theme \"\(parent)\"; looked for \(candidates.joined(separator: ", "))")
            }
            files.append(parentPath)
            chain.append(try Self.parse(parentBytes, file: parentPath))
        }
        // Merge from the root down: each theme completed by its parent.
        var merged = chain[chain.count - 1]
        if merged.parentName == "default" { merged = merged.inheriting(from: DefaultFeedbackTheme.theme) }
        for child in chain.dropLast().reversed() { merged = child.inheriting(from: merged) }
        let warnings = zip(files, chain).flatMap { file, theme in theme.warnings.map { "\(file):\($0)" } }
        return ResolvedFeedbackTheme(theme: merged, files: files, warnings: warnings)
    }

    /// The first of `paths` that can be read, with its bytes.
    private static func first(of paths: [String], _ load: (String) -> [UInt8]?) -> (String, [UInt8])? {
        for path in paths {
            if let bytes = load(path) { return (path, bytes) }
        }
        return nil
    }

    private static func parse(_ bytes: [UInt8], file: String) throws(FeedbackThemeError) -> FeedbackTheme {
        do throws(FeedbackThemeError) {
            return try FeedbackTheme(bytes: bytes)
        } catch {
            throw error.inFile(file)
        }
    }
}

/// The theme in use, the files it came from (user theme first, then its parents; none for
/// ForceBridge's default theme alone) and what was skipped in them (`FILE:LINE:COLUMN: …`).
public struct ResolvedFeedbackTheme: Hashable, Sendable {
    /// The theme, parents merged in.
    public var theme: FeedbackTheme
    /// The files read, user theme first.
    public var files: [String]
    /// What was skipped in them.
    public var warnings: [String]
}
