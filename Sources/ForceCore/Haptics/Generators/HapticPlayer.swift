/// Something that plays haptic patterns: the force-feedback engine of a device
/// (`ForceDevices.HapticEngine`), or a stand-in in tests. Feedback generators talk to one.
///
/// Like UIKit's generators, these calls never fail loudly: a player that cannot play records
/// or reports the problem its own way, and the interface carries on.
public protocol HapticPlayer: AnyObject {
    /// Monotonic time in microseconds (for coalescing selection ticks).
    var currentTime: Int64 { get }
    /// The closest two ticks may follow each other and still be felt apart, in microseconds.
    var minimumTickInterval: Int64 { get }
    /// Gets `pattern` ready so that playing it later is a single write (uploads its effects).
    func prepare(_ pattern: HapticPattern)
    /// Plays `pattern` now, subject to the priority policy (`HapticPriority`).
    func play(_ pattern: HapticPattern, priority: HapticPriority)
}
