import ArgumentParser
import ForceCore
import ForceDevices
import ForceSystem

/// What `forcebridge haptic play` is asked to play: `impact STYLE`, `notification TYPE`,
/// `selection`, or an AHAP file.
enum FeedbackRequest {
    case impact(ImpactFeedbackStyle, intensity: Double)
    case notification(NotificationFeedbackType)
    case selection
    case file(path: String, document: AHAPDocument)

    /// Parses the arguments; reads and decodes an AHAP file.
    init(arguments: [String], intensity: Double) throws {
        guard let what = arguments.first else {
            throw ValidationError("Say what to play: impact light|medium|heavy|soft|rigid, notification success|warning|error, selection, or FILE.ahap.")
        }
        let rest = Array(arguments.dropFirst())
        switch what {
        case "impact":
            let styles = ImpactFeedbackStyle.allCases.map(\.rawValue).joined(separator: "|")
            guard rest.count <= 1 else { throw ValidationError("impact takes one style (\(styles)), not \(rest.count).") }
            guard let style = ImpactFeedbackStyle(rawValue: rest.first ?? "medium") else {
                throw ValidationError("'\(rest[0])' is not an impact style; use \(styles).")
            }
            self = .impact(style, intensity: intensity)
        case "notification":
            let types = NotificationFeedbackType.allCases.map(\.rawValue).joined(separator: "|")
            guard rest.count == 1, let type = NotificationFeedbackType(rawValue: rest[0]) else {
                throw ValidationError(rest.isEmpty ? "notification needs a type: \(types)." : "'\(rest.joined(separator: " "))' is not a notification type; use \(types).")
            }
            self = .notification(type)
        case "selection":
            guard rest.isEmpty else { throw ValidationError("selection takes no argument.") }
            self = .selection
        default:
            guard rest.isEmpty else { throw ValidationError("Unexpected '\(rest.joined(separator: " "))' after \(what).") }
            let looksLikeFile = what.contains("/") || what.contains(".") || FileSystem.item(at: what) != .missing
            guard looksLikeFile else {
                throw ValidationError("'\(what)' is neither a feedback (impact, notification, selection) nor a file; an AHAP pattern is played with 'forcebridge haptic play FILE.ahap'.")
            }
            let item = FileSystem.item(at: what)
            guard item == .file, let bytes = try? FileSystem.contents(of: what) else {
                throw CommandFailure("\(what): " + (item == .directory ? "is a folder, not an AHAP file" : item == .file ? "cannot be read (permission denied?)" : "no such file"))
            }
            do {
                self = .file(path: what, document: try AHAPDocument(bytes: bytes))
            } catch {
                throw CommandFailure(error.inFile(what))
            }
        }
    }

    /// The pattern to play.
    var pattern: HapticPattern {
        switch self {
        case .impact(let style, let intensity): return FeedbackPatterns.impact(style, intensity: intensity)
        case .notification(let type): return FeedbackPatterns.notification(type)
        case .selection: return FeedbackPatterns.selection
        case .file(_, let document): return document.pattern
        }
    }

    /// Its priority.
    var priority: HapticPriority {
        switch self {
        case .notification: return .notification
        case .selection: return .selection
        case .impact, .file: return .impact
        }
    }

    /// Words for messages ("impact heavy", "pattern.ahap").
    var name: String {
        switch self {
        case .impact(let style, let intensity): return "impact \(style.rawValue)" + (intensity < 1 ? " at intensity \(intensity)" : "")
        case .notification(let type): return "notification \(type.rawValue)"
        case .selection: return "selection"
        case .file(let path, _): return path
        }
    }
}
