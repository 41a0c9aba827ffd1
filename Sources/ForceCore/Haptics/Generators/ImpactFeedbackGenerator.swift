/// Plays impacts: the feel of user-interface objects colliding (UIKit's `UIImpactFeedbackGenerator`).
///
/// ```swift
/// let generator = ImpactFeedbackGenerator(style: .heavy, player: engine)
/// generator.prepare()            // uploads the effect now
/// generator.impactOccurred()     // one write to the device
/// ```
/// Without a player (no force-feedback device) every call does nothing, as UIKit's generators
/// do on hardware without haptics.
public final class ImpactFeedbackGenerator {
    /// The collision this generator simulates.
    public let style: ImpactFeedbackStyle
    /// Where the feedback plays.
    public let player: (any HapticPlayer)?

    /// Creates a generator of `style` playing on `player`.
    public init(style: ImpactFeedbackStyle = .medium, player: (any HapticPlayer)?) {
        self.style = style
        self.player = player
    }

    /// Uploads the impact's effect so that the next `impactOccurred()` is a single write.
    public func prepare() {
        player?.prepare(FeedbackPatterns.impact(style))
    }

    /// Plays the impact.
    public func impactOccurred() {
        impactOccurred(intensity: 1)
    }

    /// Plays the impact with its intensity multiplied by `intensity` (0...1).
    public func impactOccurred(intensity: Double) {
        guard let player else { return }
        let pattern = FeedbackPatterns.impact(style, intensity: intensity)
        guard !pattern.resolvedEvents().isEmpty else { return }
        player.play(pattern, priority: .impact)
    }
}
