/// The delegate of a `PreviewInteraction`, shaped like `UIPreviewInteractionDelegate`, with the
/// actions of UIKit's peek and pop (`UIPreviewAction`) and quick actions.
///
/// For one interaction the calls are: `previewInteractionShouldBegin` once; then
/// `didUpdatePreviewTransition` with progress in 0...1, `ended` true exactly once; then either
/// `didUpdateCommitTransition` likewise, or — once the actions are revealed — `didRevealActions`,
/// `didHighlightActionAt` as the touch moves over them, and `previewInteractionDidHideActions`
/// when it slides back (after which they may be revealed again, but the commit no longer
/// happens); or `previewInteractionDidCancel` at any point after `shouldBegin` returned true.
/// Exactly one terminal call ends each interaction: the commit update with `ended` true, the
/// cancel, or `didPerform` (the touch lifted on a highlighted action).
///
/// Two questions come outside that sequence: `shouldReceive` when a touch lands (whether this
/// interaction takes it at all), and `previewActions(for:)` at most once per interaction, when
/// its actions are about to be revealed.
public protocol PreviewInteractionDelegate: AnyObject {
    /// Whether the interaction takes `touch`, which just landed in its `region`, to drive it;
    /// in a `PreviewInteractionGroup`, a touch declined here may drive an interaction behind
    /// this one. Asked once per touch. Optional; the default is true.
    func previewInteraction(_ previewInteraction: PreviewInteraction, shouldReceive touch: Touch) -> Bool

    /// Whether the interaction should begin for the touch that just pressed hard enough.
    /// Optional; the default is true.
    func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool

    /// The preview transition progressed; `ended` is true once, when it completes.
    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool)

    /// The commit transition progressed; `ended` is true once, when the interaction completes.
    /// Optional; the default does nothing.
    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool)

    /// The interaction was cancelled: lift before commit (and not on an action), `cancel()`,
    /// palm, device loss or resync.
    func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction)

    /// The actions of what is being previewed (what this delegate agreed to in
    /// `previewInteractionShouldBegin`), in the order shown; asked at most once per interaction,
    /// when the touch first reaches the reveal point after the peek (see the interaction's
    /// `actionLayout`). Empty: nothing is revealed. Optional; the default is none.
    func previewActions(for previewInteraction: PreviewInteraction) -> [PreviewAction]

    /// The actions were revealed (they are the interaction's `actions`); the commit will not
    /// happen in this interaction. Optional.
    func previewInteraction(_ previewInteraction: PreviewInteraction, didRevealActions actions: [PreviewAction])

    /// The touch moved onto the action at `index` of `actions`, or off every action (nil).
    /// Optional.
    func previewInteraction(_ previewInteraction: PreviewInteraction, didHighlightActionAt index: Int?)

    /// The touch slid back: the actions are hidden (nothing is highlighted). Optional.
    func previewInteractionDidHideActions(_ previewInteraction: PreviewInteraction)

    /// The touch lifted on `action`, which the delegate now performs; the interaction is over.
    /// Optional.
    func previewInteraction(_ previewInteraction: PreviewInteraction, didPerform action: PreviewAction)
}

extension PreviewInteractionDelegate {
    public func previewInteraction(_ previewInteraction: PreviewInteraction, shouldReceive touch: Touch) -> Bool { true }

    public func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool { true }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool) {}

    public func previewActions(for previewInteraction: PreviewInteraction) -> [PreviewAction] { [] }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didRevealActions actions: [PreviewAction]) {}

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didHighlightActionAt index: Int?) {}

    public func previewInteractionDidHideActions(_ previewInteraction: PreviewInteraction) {}

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didPerform action: PreviewAction) {}
}
