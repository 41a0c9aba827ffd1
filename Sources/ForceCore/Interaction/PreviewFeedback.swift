/// The moments of a preview interaction that deserve a haptic, as on 3D Touch iPhones.
public enum PreviewFeedbackMoment: String, Hashable, Sendable {
    /// The preview transition ended: a light "peek".
    case peek
    /// The commit transition ended: a stronger "pop".
    case pop
    /// The touch moved onto another of the revealed actions: a selection tick (moving off every
    /// action plays nothing).
    case selection
}

/// Plays feedback for a preview interaction's moments. The haptics layer implements this with
/// feedback generators; without one, interactions are silent.
public protocol PreviewFeedback: AnyObject {
    /// Called when `interaction` reaches `moment`.
    func previewInteraction(_ interaction: PreviewInteraction, didReach moment: PreviewFeedbackMoment)
}
