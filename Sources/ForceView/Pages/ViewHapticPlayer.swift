import ForceCore
import ForceSession

/// The haptics a page plays besides the interaction's peek and pop: each pattern goes to the
/// device's motor when there is one (`motor`), and is always reported to the page as a
/// `view-feedback` line, so a replay without a motor still shows (and tests can read) what was
/// played:
///
/// `{"type":"view-feedback","time":…,"moment":"impact","intensity":…,"sharpness":…,"events":1}`
///
/// `moment` is the name the player was made with (`impact`, `selection`, `collision`);
/// `intensity` and `sharpness` are those of the pattern's strongest event.
public final class ViewHapticPlayer: HapticPlayer {
    /// What the lines say played.
    public let moment: String
    private let motor: (any HapticPlayer)?
    private let broadcast: ViewBroadcast
    private let clock: () -> (time: Int64, seconds: Double)

    /// A player named `moment`, playing on `motor` (nil: reporting only), whose lines carry the
    /// session time `clock` gives (microseconds, and seconds since the session's first event).
    public init(moment: String, motor: (any HapticPlayer)?, broadcast: ViewBroadcast,
                clock: @escaping () -> (time: Int64, seconds: Double)) {
        self.moment = moment
        self.motor = motor
        self.broadcast = broadcast
        self.clock = clock
    }

    /// The motor's clock when there is a motor (it coalesces selection ticks by it), else the
    /// session's, so a replay coalesces the same ticks at any speed.
    public var currentTime: Int64 { motor?.currentTime ?? clock().time }

    public var minimumTickInterval: Int64 { motor?.minimumTickInterval ?? 50_000 }

    public func prepare(_ pattern: HapticPattern) {
        motor?.prepare(pattern)
    }

    public func play(_ pattern: HapticPattern, priority: HapticPriority) {
        motor?.play(pattern, priority: priority)
        let strongest = pattern.events.max { $0.intensity < $1.intensity }
        var line = JSONLine()
        line.string("type", "view-feedback")
        line.number("time", clock().seconds)
        line.string("moment", moment)
        line.number("intensity", strongest?.intensity, decimals: 4)
        line.number("sharpness", strongest?.sharpness, decimals: 4)
        line.int("events", pattern.events.count)
        broadcast.send(line.line)
    }
}
