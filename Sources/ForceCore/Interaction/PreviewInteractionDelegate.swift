/// The delegate of a `PreviewInteraction`, shaped like `UIPreviewInteractionDelegate`.
///
/// For one interaction the calls are: `previewInteractionShouldBegin` once; then
/// `didUpdatePreviewTransition` with progress in 0...1, `ended` true exactly once; then
/// `didUpdateCommitTransition` likewise; or `previewInteractionDidCancel` at any point after
/// `shouldBegin` returned true. Exactly one terminal call ends each interaction: the commit update
/// with `ended` true, or the cancel.
public protocol PreviewInteractionDelegate: AnyObject {
    /// Whether the interaction should begin for the touch that just pressed hard enough.
    /// Optional; the default is true.
    func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool

    /// The preview transition progressed; `ended` is true once, when it completes.
    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool)

    /// The commit transition progressed; `ended` is true once, when the interaction completes.
    /// Optional; the default does nothing.
    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool)

    /// The interaction was cancelled: lift before commit, `cancel()`, palm, device loss or resync.
    func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction)
}

extension PreviewInteractionDelegate {
    public func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool { true }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool) {}
}
