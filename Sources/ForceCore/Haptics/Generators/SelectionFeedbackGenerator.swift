/// Plays a short tick when a selection changes, e.g. a picker passing a value (UIKit's
/// `UISelectionFeedbackGenerator`). Ticks coming faster than the player's
/// `minimumTickInterval` are coalesced (`SelectionCoalescer`); a tick never interrupts a
/// notification or impact (`HapticPriority`).
public final class SelectionFeedbackGenerator {
    /// Where the feedback plays.
    public let player: (any HapticPlayer)?
    private var coalescer: SelectionCoalescer
    /// How many ticks were coalesced away.
    public private(set) var coalescedCount = 0

    /// Creates a generator playing on `player`.
    public init(player: (any HapticPlayer)?) {
        self.player = player
        coalescer = SelectionCoalescer(minimumInterval: player?.minimumTickInterval ?? 0)
    }

    /// Uploads the tick's effect.
    public func prepare() {
        player?.prepare(FeedbackPatterns.selection)
    }

    /// Plays a tick, unless the last one was too recent.
    public func selectionChanged() {
        guard let player else { return }
        coalescer.minimumInterval = player.minimumTickInterval
        guard coalescer.admit(at: player.currentTime) else {
            coalescedCount += 1
            return
        }
        player.play(FeedbackPatterns.selection, priority: .selection)
    }
}
