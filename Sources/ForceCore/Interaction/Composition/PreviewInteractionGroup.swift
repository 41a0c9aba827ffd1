/// Several preview interactions on one device, like interactions added to different views (or
/// several previewing registrations on one view) in UIKit: where a touch lands picks the one it
/// drives.
///
/// A touch that lands while no interaction of the group is driven is offered to each
/// interaction in turn, front (index 0) to back: the first whose `region` contains the touch
/// and whose delegate's `previewInteraction(_:shouldReceive:)` takes it is driven by that touch
/// until it lifts; the others never see it. As with one interaction, later touches are ignored
/// while it is down, so two interactions of a group are never under way at once, and each still
/// ends with exactly one terminal call. A touch no interaction takes drives nothing (and a later
/// touch may then drive one).
///
/// A group of one interaction behaves exactly as that interaction alone. Updating and
/// advancing allocate nothing; adding and removing interactions do.
///
/// ```swift
/// let cells = pipeline.interaction                            // the whole surface
/// let titleBar = PreviewInteraction(configuredLike: cells)    // same thresholds, area, ...
/// titleBar.region = .top(1.0 / 12)
/// titleBar.actionLayout = .quickActions
/// titleBar.delegate = shortcuts
/// pipeline.interactions.insert(titleBar, at: 0)              // in front of the cells
/// ```
///
/// Stored properties are `@exclusivity(unchecked)`, for the reasons `PreviewInteraction` gives.
public final class PreviewInteractionGroup {
    /// The interactions, front to back.
    @exclusivity(unchecked)
    public private(set) var interactions: [PreviewInteraction]
    /// The interaction the current touch drives, from its landing until it lifts.
    @exclusivity(unchecked)
    public private(set) var activeInteraction: PreviewInteraction?
    @exclusivity(unchecked)
    private var activeTouch: Int?

    /// Creates a group of `interactions`, front to back.
    public init(_ interactions: [PreviewInteraction] = []) {
        self.interactions = interactions
    }

    /// Adds `interaction` behind the others.
    public func append(_ interaction: PreviewInteraction) {
        insert(interaction, at: interactions.count)
    }

    /// Adds `interaction` at `index` (0: in front of all; clamped to the group).
    public func insert(_ interaction: PreviewInteraction, at index: Int) {
        guard !interactions.contains(where: { $0 === interaction }) else { return }
        interactions.insert(interaction, at: min(max(index, 0), interactions.count))
    }

    /// Removes `interaction`, ending what it has under way (`invalidate()`).
    public func remove(_ interaction: PreviewInteraction) {
        guard let index = interactions.firstIndex(where: { $0 === interaction }) else { return }
        if activeInteraction === interaction {
            activeInteraction = nil
            activeTouch = nil
        }
        // Ended while still in the group, so that its cancel says which interaction it was.
        interaction.invalidate()
        interactions.remove(at: index)
    }

    /// The index of `interaction` in `interactions`, nil when it is not in the group.
    public func index(of interaction: PreviewInteraction) -> Int? {
        for index in interactions.indices where interactions[index] === interaction { return index }
        return nil
    }

    /// Feeds the touches that changed in one frame (see `PreviewInteraction.update(with:)`).
    public func update<Touches: Sequence>(with touches: Touches) where Touches.Element == Touch {
        for touch in touches {
            advance(to: touch.timestamp)
            // An interaction invalidated from outside lets go of its touch, as one alone does.
            if let active = activeInteraction, !active.isIdle {
                guard touch.identifier == activeTouch else { continue }
                if touch.phase.isTerminal {
                    activeInteraction = nil
                    activeTouch = nil
                }
                active.follow(touch)
            } else {
                activeInteraction = nil
                activeTouch = nil
                guard touch.phase == .began, let chosen = interactions.first(where: { $0.isIdle && $0.accepts(touch) }) else { continue }
                activeInteraction = chosen
                activeTouch = touch.identifier
                chosen.start(with: touch)
            }
        }
    }

    /// When the interaction under way next changes without a frame (see
    /// `PreviewInteraction.nextDeadline`).
    public var nextDeadline: Int64? { activeInteraction?.nextDeadline }

    /// Moves every interaction's clock to `time` (see `PreviewInteraction.advance(to:)`).
    public func advance(to time: Int64) {
        for interaction in interactions { interaction.advance(to: time) }
    }

    /// Ends whatever is under way because the source is gone (device loss, end of input).
    public func invalidate() {
        activeInteraction = nil
        activeTouch = nil
        for interaction in interactions { interaction.invalidate() }
    }

    /// What the interactions have done so far, added up.
    public var statistics: PreviewInteraction.Statistics {
        var total = PreviewInteraction.Statistics()
        for interaction in interactions { total += interaction.statistics }
        return total
    }
}
