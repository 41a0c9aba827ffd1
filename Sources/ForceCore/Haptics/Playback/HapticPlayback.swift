/// What became of a request to play a pattern.
public enum HapticPlayback: Hashable, Sendable {
    /// It started: these effect ids play until `end` (monotonic µs).
    case started(ids: [Int16], end: Int64)
    /// It was dropped because a feedback of this higher priority is playing.
    case dropped(playing: HapticPriority)
    /// There was nothing to feel (no events, intensity 0, or strength 0).
    case silent
}
