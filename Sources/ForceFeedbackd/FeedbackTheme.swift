import ForceCore

/// A feedback theme in feedbackd's JSON format: for each profile (`full`, `quiet`, `silent`),
/// which feedback each event name gets.
///
/// ```json
/// { "name": "default",
///   "profiles": [
///     { "name": "quiet", "feedbacks": [
///         { "event-name": "button-pressed", "type": "VibraRumble", "duration": 15 } ] } ] }
/// ```
/// A theme may name a `parent-name` whose entries it inherits where it has none of its own
/// (`inheriting(from:)`). See `FeedbackThemeDecoder` for the keys of each feedback type.
public struct FeedbackTheme: Hashable, Sendable {
    /// The theme's name.
    public var name: String
    /// The theme it extends, if any.
    public var parentName: String?
    /// Each profile's feedback per event name.
    public var entries: [FeedbackProfile: [String: ThemeFeedback]]
    /// What was skipped while reading it.
    public var warnings: [FeedbackThemeWarning]

    /// A theme made in code.
    public init(name: String, parentName: String? = nil, entries: [FeedbackProfile: [String: ThemeFeedback]],
                warnings: [FeedbackThemeWarning] = []) {
        self.name = name
        self.parentName = parentName
        self.entries = entries
        self.warnings = warnings
    }

    /// Reads a theme from its JSON text.
    public init(bytes: [UInt8]) throws(FeedbackThemeError) {
        var parser = JSONParser(bytes)
        let root: JSONNode
        do {
            root = try parser.parseDocument()
        } catch {
            throw FeedbackThemeError(syntax: error)
        }
        var decoder = FeedbackThemeDecoder()
        self = try decoder.decode(root)
    }

    /// Reads a theme from its JSON text.
    public init(text: String) throws(FeedbackThemeError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// The feedbacks an event gets at `profile`: the entry of each profile that level includes,
    /// loudest first (at most one per profile). Empty when the theme knows nothing for the event.
    public func feedbacks(for event: String, at profile: FeedbackProfile) -> [ThemeFeedback] {
        profile.includedProfiles.compactMap { entries[$0]?[event] }
    }

    /// The vibration an event gets at `profile`, if any: the loudest vibra entry.
    public func vibration(for event: String, at profile: FeedbackProfile) -> ThemeFeedback? {
        feedbacks(for: event, at: profile).first { $0.isVibration }
    }

    /// Every event name the theme knows, in any profile.
    public var eventNames: Set<String> {
        Set(entries.values.flatMap(\.keys))
    }

    /// This theme completed by `parent`: in each profile, the parent's entries for events this
    /// theme does not list. The result has no parent left to resolve unless `parent` has one.
    public func inheriting(from parent: FeedbackTheme) -> FeedbackTheme {
        var merged = parent.entries
        for (profile, events) in entries {
            merged[profile, default: [:]].merge(events) { _, own in own }
        }
        return FeedbackTheme(name: name, parentName: parent.parentName, entries: merged, warnings: warnings)
    }
}
