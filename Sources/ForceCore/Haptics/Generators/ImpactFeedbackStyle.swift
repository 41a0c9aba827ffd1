/// The mass and stiffness of the objects in a simulated collision (UIKit's
/// `UIImpactFeedbackGenerator.FeedbackStyle`).
public enum ImpactFeedbackStyle: String, CaseIterable, Hashable, Sendable {
    /// Small, light elements.
    case light
    /// Moderately sized elements.
    case medium
    /// Large, heavy elements.
    case heavy
    /// Soft elements that compress: a rounder, longer, duller impact.
    case soft
    /// Rigid elements that do not compress: a short, crisp impact.
    case rigid
}
