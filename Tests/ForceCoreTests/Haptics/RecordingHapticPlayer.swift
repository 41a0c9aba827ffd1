import ForceCore

/// A `HapticPlayer` that records what it is asked to do, on a clock the test sets.
final class RecordingHapticPlayer: HapticPlayer {
    var currentTime: Int64 = 1_000_000
    var minimumTickInterval: Int64 = 50_000
    private(set) var prepared: [HapticPattern] = []
    private(set) var played: [(pattern: HapticPattern, priority: HapticPriority)] = []

    func prepare(_ pattern: HapticPattern) { prepared.append(pattern) }
    func play(_ pattern: HapticPattern, priority: HapticPriority) { played.append((pattern, priority)) }

    /// Advances the clock by `milliseconds`.
    func advance(milliseconds: Int64) { currentTime += milliseconds * 1000 }
}
