/// When a touch held still drives a preview interaction on a device without force (*Haptic
/// Touch*, `ForceSource.duration`), and on one whose force is estimated from contact size,
/// alongside the estimate. Times are microseconds of the source clock, measured from the moment
/// the touch lands.
///
/// - `beginDelay`: held still this long, the interaction asks `previewInteractionShouldBegin`
///   and the preview starts at progress 0. A tap is shorter and begins nothing.
/// - `previewDuration`: the preview then progresses linearly with time and ends ("peek") this
///   much later.
/// - `commitDuration`: held on after the peek, the commit progresses linearly and ends ("pop")
///   this much later. The touch may move after the peek (to choose what it commits to).
/// - `progressInterval`: progress is reported at this interval from the moment each transition
///   starts (60 per second: a display's refresh), and at the exact moment it ends.
///
/// `fast` peeks after 0.5 s, UIKit's long-press duration (`UILongPressGestureRecognizer`'s
/// default `minimumPressDuration`), which the fast Haptic Touch setting matches; the preview
/// starts after 0.15 s, as a context menu's lift does, so taps begin nothing. `slow` takes every
/// step 1.6 times as long (peek at 0.8 s). Apple lets the commit follow a tap on the preview;
/// here it follows continued hold: half a second more (`fast`), 0.8 s (`slow`).
public struct HapticTouchTiming: Hashable, Sendable {
    /// How long the touch is held still before the preview begins.
    public var beginDelay: Int64
    /// How long the preview transition takes.
    public var previewDuration: Int64
    /// How long the commit transition takes.
    public var commitDuration: Int64
    /// The time between progress reports.
    public var progressInterval: Int64

    /// Begins at 0.15 s, peeks at 0.5 s, pops at 1.0 s.
    public static let fast = HapticTouchTiming(beginDelay: 150_000, previewDuration: 350_000, commitDuration: 500_000)
    /// Begins at 0.24 s, peeks at 0.8 s, pops at 1.6 s.
    public static let slow = HapticTouchTiming(beginDelay: 240_000, previewDuration: 560_000, commitDuration: 800_000)

    /// 60 progress reports per second.
    public static let standardProgressInterval: Int64 = 16_667

    /// Creates a timing; see the type's description for each field.
    public init(beginDelay: Int64, previewDuration: Int64, commitDuration: Int64, progressInterval: Int64 = standardProgressInterval) {
        self.beginDelay = beginDelay
        self.previewDuration = previewDuration
        self.commitDuration = commitDuration
        self.progressInterval = progressInterval
    }

    /// When the preview ends ("peek"), from the moment the touch lands.
    public var peekTime: Int64 { beginDelay + previewDuration }
    /// When the commit ends ("pop"), from the moment the touch lands.
    public var popTime: Int64 { peekTime + commitDuration }

    /// Whether every time is positive and the sums do not overflow.
    public var isValid: Bool {
        let times = [beginDelay, previewDuration, commitDuration, progressInterval]
        return times.allSatisfy { $0 > 0 && $0 < Int64(1) << 50 }
    }

    /// The timing as thresholds over the time held, in microseconds, so that the same state
    /// machine drives both kinds of touch: every step reported, nothing to smooth.
    var heldTimeThresholds: PreviewThresholds {
        PreviewThresholds(
            begin: Double(beginDelay), previewEnd: Double(peekTime), commitEnd: Double(popTime),
            hysteresis: 0, progressStep: 0)
    }
}
