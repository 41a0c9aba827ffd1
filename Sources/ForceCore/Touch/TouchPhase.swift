/// The phase of a touch, as `UITouch.Phase`.
public enum TouchPhase: String, Hashable, Sendable, CaseIterable {
    /// The contact started in this frame.
    case began
    /// The contact moved.
    case moved
    /// The contact did not move, but its force, size or tilt changed.
    case stationary
    /// The contact lifted.
    case ended
    /// The contact was cancelled: a palm, a gap in the event stream, device loss or end of input.
    case cancelled

    /// Whether the touch is over (ended or cancelled).
    @inlinable
    public var isTerminal: Bool { self == .ended || self == .cancelled }
}
