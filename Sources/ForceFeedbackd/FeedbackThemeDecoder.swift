import ForceCore

/// Reads a feedback theme out of parsed JSON, as feedbackd does, and more strictly where a
/// mistake would otherwise go unnoticed.
///
/// - Top level: `name` (string), `parent-name` (string, optional), `profiles` (array).
/// - A profile: `name` (`full`, `quiet` or `silent`) and `feedbacks` (array).
/// - A feedback: `event-name` and `type`, then by type —
///   `Sound`: `effect`, `media-role`;
///   `VibraRumble`: `duration` (ms, default 1000), `count` (default 1), `pause` (ms, default 0),
///   `magnitude` (0...1, default 0.5);
///   `VibraPeriodic`: `duration` (ms), `magnitude`, `fade-in-time` (ms), `fade-in-level`
///   (0...1, or 0...0x7FFF as feedbackd 0.0.3 writes them; default full);
///   `VibraPattern`: `magnitudes` (0...1 each) and `durations` (ms each), of equal length;
///   `Led`: `color`, `frequency` (mHz).
///   Any vibra feedback may add `x-forcebridge-feedback`, a ForceBridge feedback to play
///   instead (`impact-light` … `impact-rigid`, `notification-success|warning|error`, `selection`).
///
/// Errors (with line and column): JSON syntax, a wrong value type, a negative or fractional
/// duration, a magnitude out of range, a missing `event-name`, `type` or `profiles`, pattern
/// arrays of different lengths, an unknown `x-forcebridge-feedback`. Skipped with a warning, as
/// feedbackd skips them: unknown keys, unknown feedback types and profile names, and an event
/// listed twice in one profile (the later entry counts).
struct FeedbackThemeDecoder {
    private var warnings: [FeedbackThemeWarning] = []

    private static let commonKeys: Set<String> = ["event-name", "type", "x-forcebridge-feedback"]
    private static let typeKeys: [String: Set<String>] = [
        "Sound": ["effect", "media-role"],
        "VibraRumble": ["duration", "count", "pause", "magnitude"],
        "VibraPeriodic": ["duration", "magnitude", "fade-in-time", "fade-in-level"],
        "VibraPattern": ["magnitudes", "durations"],
        "Led": ["color", "frequency"],
    ]

    mutating func decode(_ root: JSONNode) throws(FeedbackThemeError) -> FeedbackTheme {
        let members = try object(root, path: "", expected: "a theme object with \"name\" and \"profiles\"")
        var name = ""
        var parent: String?
        var profilesNode: JSONNode?
        for member in members {
            switch member.key {
            case "name": name = try string(member.value, path: "name")
            case "parent-name": parent = try string(member.value, path: "parent-name")
            case "profiles": profilesNode = member.value
            default: ignore(member, in: "")
            }
        }
        guard let profilesNode else {
            throw FeedbackThemeError(location: root.location, message: "no \"profiles\" key; a theme is {\"name\": \"…\", \"profiles\": [{\"name\": \"quiet\", \"feedbacks\": […]}]}")
        }
        var entries: [FeedbackProfile: [String: ThemeFeedback]] = [:]
        for (index, node) in try array(profilesNode, path: "profiles").enumerated() {
            let path = "profiles[\(index)]"
            let profileMembers = try object(node, path: path, expected: "a profile object with \"name\" and \"feedbacks\"")
            var profileName: String?
            var feedbacksNode: JSONNode?
            for member in profileMembers {
                switch member.key {
                case "name": profileName = try string(member.value, path: path + ".name")
                case "feedbacks": feedbacksNode = member.value
                default: ignore(member, in: path)
                }
            }
            guard let profileName else {
                throw FeedbackThemeError(location: node.location, path: path, message: "has no \"name\"; expected full, quiet or silent")
            }
            guard let profile = FeedbackProfile(named: profileName) else {
                warn(node.location, path, "the profile \(JSONNode.quoted(profileName)) is not full, quiet or silent; skipped")
                continue
            }
            guard let feedbacksNode else { continue }
            for (entryIndex, entry) in try array(feedbacksNode, path: path + ".feedbacks").enumerated() {
                let entryPath = path + ".feedbacks[\(entryIndex)]"
                guard let (event, feedback) = try decodeFeedback(entry, path: entryPath) else { continue }
                if entries[profile]?[event] != nil {
                    warn(entry.location, entryPath, "\(JSONNode.quoted(event)) is listed twice in the \(profile.rawValue) profile; this later entry counts")
                }
                entries[profile, default: [:]][event] = feedback
            }
        }
        return FeedbackTheme(name: name, parentName: parent, entries: entries, warnings: warnings)
    }

    private mutating func decodeFeedback(_ node: JSONNode, path: String) throws(FeedbackThemeError) -> (String, ThemeFeedback)? {
        let members = try object(node, path: path, expected: "a feedback object with \"event-name\" and \"type\"")
        let values = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let eventNode = values["event-name"] else {
            throw FeedbackThemeError(location: node.location, path: path, message: "has no \"event-name\"")
        }
        let event = try string(eventNode, path: path + ".event-name")
        guard let typeNode = values["type"] else {
            throw FeedbackThemeError(location: node.location, path: path, message: "has no \"type\"; expected one of \(Self.typeNames)")
        }
        let type = try string(typeNode, path: path + ".type")
        guard let keys = Self.typeKeys[type] else {
            warn(typeNode.location, path + ".type", "\(JSONNode.quoted(type)) is not a feedback type (\(Self.typeNames)); skipped")
            return nil
        }
        for member in members where !Self.commonKeys.contains(member.key) && !keys.contains(member.key) {
            ignore(member, in: path)
        }
        var generator: GeneratorFeedback?
        if let node = values["x-forcebridge-feedback"] {
            let name = try string(node, path: path + ".x-forcebridge-feedback")
            guard let named = GeneratorFeedback(named: name) else {
                throw FeedbackThemeError(location: node.location, path: path + ".x-forcebridge-feedback",
                                         message: "\(JSONNode.quoted(name)) is not a ForceBridge feedback; expected one of \(GeneratorFeedback.allNames.joined(separator: ", "))")
            }
            generator = named
        }
        func milliseconds(_ key: String, _ fallback: UInt32) throws(FeedbackThemeError) -> UInt32 {
            guard let node = values[key] else { return fallback }
            return try unsigned(node, path: path + "." + key)
        }
        switch type {
        case "Sound":
            let effect = try values["effect"].map { node throws(FeedbackThemeError) in try string(node, path: path + ".effect") } ?? event
            let role = try values["media-role"].map { node throws(FeedbackThemeError) in try string(node, path: path + ".media-role") }
            return (event, .sound(effect: effect, mediaRole: role))
        case "VibraRumble":
            let magnitude = try values["magnitude"].map { node throws(FeedbackThemeError) in try fraction(node, path: path + ".magnitude", absoluteScale: nil) } ?? 0.5
            let count = try milliseconds("count", 1)
            if count > VibraRumble.maximumCount, let node = values["count"] {
                throw FeedbackThemeError(location: node.location, path: path + ".count", message: "is \(count); expected at most \(VibraRumble.maximumCount) rumbles")
            }
            return (event, .rumble(VibraRumble(duration: try milliseconds("duration", 1000), count: max(1, count),
                                               pause: try milliseconds("pause", 0), magnitude: magnitude, generator: generator)))
        case "VibraPeriodic":
            let magnitude = try values["magnitude"].map { node throws(FeedbackThemeError) in try fraction(node, path: path + ".magnitude", absoluteScale: 0x7FFF) } ?? 1
            let level = try values["fade-in-level"].map { node throws(FeedbackThemeError) in try fraction(node, path: path + ".fade-in-level", absoluteScale: 0x7FFF) } ?? 1
            return (event, .periodic(VibraPeriodic(duration: try milliseconds("duration", 1000), magnitude: magnitude,
                                                   fadeInTime: try milliseconds("fade-in-time", 0), fadeInLevel: level, generator: generator)))
        case "VibraPattern":
            guard let magnitudesNode = values["magnitudes"], let durationsNode = values["durations"] else {
                throw FeedbackThemeError(location: node.location, path: path, message: "a VibraPattern needs \"magnitudes\" and \"durations\" arrays")
            }
            var magnitudes: [Double] = []
            for (index, item) in try array(magnitudesNode, path: path + ".magnitudes").enumerated() {
                magnitudes.append(try fraction(item, path: path + ".magnitudes[\(index)]", absoluteScale: nil))
            }
            var durations: [UInt32] = []
            for (index, item) in try array(durationsNode, path: path + ".durations").enumerated() {
                durations.append(try unsigned(item, path: path + ".durations[\(index)]"))
            }
            guard magnitudes.count == durations.count else {
                throw FeedbackThemeError(location: durationsNode.location, path: path + ".durations",
                                         message: "has \(durations.count) elements but \"magnitudes\" has \(magnitudes.count); they pair up one to one")
            }
            return (event, .pattern(VibraPattern(magnitudes: magnitudes, durations: durations, generator: generator)))
        default:
            let color = try values["color"].map { node throws(FeedbackThemeError) in try string(node, path: path + ".color") } ?? "white"
            return (event, .led(color: color, frequency: try milliseconds("frequency", 1000)))
        }
    }

    private static var typeNames: String { typeKeys.keys.sorted().joined(separator: ", ") }

    // MARK: - Values

    private func object(_ node: JSONNode, path: String, expected: String) throws(FeedbackThemeError) -> [JSONNode.Member] {
        try node.objectMembers(path: path, expected: expected, as: FeedbackThemeError.self)
    }

    private func array(_ node: JSONNode, path: String) throws(FeedbackThemeError) -> [JSONNode] {
        try node.arrayElements(path: path, as: FeedbackThemeError.self)
    }

    private func string(_ node: JSONNode, path: String) throws(FeedbackThemeError) -> String {
        try node.stringValue(path: path, as: FeedbackThemeError.self)
    }

    /// A whole number of 0...UInt32.max (milliseconds, counts, mHz).
    private func unsigned(_ node: JSONNode, path: String) throws(FeedbackThemeError) -> UInt32 {
        let value = try node.numberValue(path: path, expected: "a whole number of milliseconds", as: FeedbackThemeError.self)
        guard value >= 0, value == value.rounded(), value <= Double(UInt32.max) else {
            throw FeedbackThemeError(location: node.location, path: path, message: "is \(value); expected a whole number from 0 to \(UInt32.max)")
        }
        return UInt32(value)
    }

    /// A fraction of full scale: 0...1, or — when `absoluteScale` is given — a value above 1 on
    /// that scale (feedbackd 0.0.3's 0...0x7FFF), clamped to 1.
    private func fraction(_ node: JSONNode, path: String, absoluteScale: Double?) throws(FeedbackThemeError) -> Double {
        let value = try node.numberValue(path: path, expected: "a number from 0 to 1", as: FeedbackThemeError.self)
        if (0...1).contains(value) { return value }
        if let absoluteScale, value > 1, value <= 0xFFFF { return min(1, value / absoluteScale) }
        let range = absoluteScale.map { "0 to 1 (or 0 to \(Int($0)))" } ?? "0 to 1"
        throw FeedbackThemeError(location: node.location, path: path, message: "is \(value); expected a number from \(range)")
    }

    private mutating func ignore(_ member: JSONNode.Member, in path: String) {
        warn(member.keyLocation, path, "unknown key \(JSONNode.quoted(member.key)) ignored")
    }

    private mutating func warn(_ location: TextPosition, _ path: String, _ message: String) {
        warnings.append(.at(location, path: path, message: message))
    }
}
