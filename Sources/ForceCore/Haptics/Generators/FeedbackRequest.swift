/// A feedback named in words, as `haptic play` takes them: `impact [STYLE]` (medium when no
/// style is given), `notification TYPE`, `selection`, or a pattern read from a file.
package enum FeedbackRequest: Sendable {
    case impact(ImpactFeedbackStyle, intensity: Double)
    case notification(NotificationFeedbackType)
    case selection
    /// A pattern from the file at `path`.
    case pattern(path: String, HapticPattern)

    /// What words name: a feedback, or a file (whatever else the one word is).
    package enum Words: Sendable {
        /// A generator's feedback.
        case feedback(FeedbackRequest)
        /// The one word names no feedback: a file, if anything.
        case file(String)
    }

    /// Why words name no feedback.
    package struct ParseError: Error, CustomStringConvertible, Sendable {
        /// What is wrong and what would be right.
        package let description: String
    }

    /// What `words` name; impacts at `intensity`.
    /// - Throws: a `ParseError` for no words, an unknown style or type, or words after a
    ///   feedback that takes none.
    package static func parse(_ words: [String], intensity: Double) throws(ParseError) -> Words {
        guard let what = words.first else {
            throw ParseError(description: "Say what to play: impact light|medium|heavy|soft|rigid, notification success|warning|error, selection, or FILE.ahap.")
        }
        let rest = Array(words.dropFirst())
        switch what {
        case "impact":
            let styles = ImpactFeedbackStyle.allCases.map(\.rawValue).joined(separator: "|")
            guard rest.count <= 1 else { throw ParseError(description: "impact takes one style (\(styles)), not \(rest.count).") }
            guard let style = ImpactFeedbackStyle(rawValue: rest.first ?? "medium") else {
                throw ParseError(description: "'\(rest[0])' is not an impact style; use \(styles).")
            }
            return .feedback(.impact(style, intensity: intensity))
        case "notification":
            let types = NotificationFeedbackType.allCases.map(\.rawValue).joined(separator: "|")
            guard rest.count == 1, let type = NotificationFeedbackType(rawValue: rest[0]) else {
                throw ParseError(description: rest.isEmpty
                    ? "notification needs a type: \(types)."
                    : "'\(rest.joined(separator: " "))' is not a notification type; use \(types).")
            }
            return .feedback(.notification(type))
        case "selection":
            guard rest.isEmpty else { throw ParseError(description: "selection takes no argument.") }
            return .feedback(.selection)
        default:
            guard rest.isEmpty else { throw ParseError(description: "Unexpected '\(rest.joined(separator: " "))' after \(what).") }
            return .file(what)
        }
    }

    /// The pattern to play.
    package var pattern: HapticPattern {
        switch self {
        case .impact(let style, let intensity): return FeedbackPatterns.impact(style, intensity: intensity)
        case .notification(let type): return FeedbackPatterns.notification(type)
        case .selection: return FeedbackPatterns.selection
        case .pattern(_, let pattern): return pattern
        }
    }

    /// Its priority.
    package var priority: HapticPriority {
        switch self {
        case .notification: return .notification
        case .selection: return .selection
        case .impact, .pattern: return .impact
        }
    }

    /// Words for messages ("impact heavy", "pattern.ahap").
    package var name: String {
        switch self {
        case .impact(let style, let intensity): return "impact \(style.rawValue)" + (intensity < 1 ? " at intensity \(intensity)" : "")
        case .notification(let type): return "notification \(type.rawValue)"
        case .selection: return "selection"
        case .pattern(let path, _): return path
        }
    }
}
