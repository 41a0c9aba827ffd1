import ForceCore
import ForceFeedbackd
import FuzzSupport

/// One input as a feedbackd theme (`serve` reads the user's): it reads, or fails with a one-line
/// `FeedbackThemeError` at a line and column from 1:1; its warnings are one line at a position;
/// its magnitudes are within 0...1, and every vibration it plays (what `serve` renders) has
/// events that start at a finite time from 0 with an intensity within 0...1.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedbackTheme(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let theme: FeedbackTheme
    do {
        theme = try FeedbackTheme(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    } catch {
        Promises.requireOneLine(error.description)
        if let location = error.location {
            Promises.require(location.line >= 1 && location.column >= 1, "a location from 1:1, found \(location)")
        }
        return 0
    }
    for warning in theme.warnings {
        Promises.requireOneLine(warning.description)
        Promises.require(warning.location.line >= 1 && warning.location.column >= 1, "a location from 1:1, found \(warning)")
    }
    for profile in FeedbackProfile.allCases {
        for event in theme.eventNames {
            for feedback in theme.feedbacks(for: event, at: profile) {
                switch feedback {
                case .rumble(let rumble): requireFraction(rumble.magnitude, feedback)
                case .periodic(let periodic): requireFraction(periodic.magnitude, feedback); requireFraction(periodic.fadeInLevel, feedback)
                case .pattern(let steps):
                    steps.magnitudes.forEach { requireFraction($0, feedback) }
                    Promises.require(steps.magnitudes.count == steps.durations.count, "a magnitude per duration, found \(steps)")
                case .sound, .led: break
                }
                for played in FeedbackVibration(feedback)?.pattern.events ?? [] {
                    Promises.require(played.time.isFinite && played.time >= 0 && (0...1).contains(played.intensity),
                                     "events from 0 s with intensities within 0...1, found \(played) of \(feedback)")
                }
            }
        }
    }
    return 0
}

private func requireFraction(_ value: Double, _ feedback: ThemeFeedback) {
    Promises.require((0...1).contains(value), "a magnitude within 0...1, found \(value) in \(feedback)")
}
