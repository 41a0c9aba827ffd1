import ForceDevices
import ForceSystem

/// How long a test waits, at most, for something that should happen: a line a program prints, a
/// program's exit, a device node, what a virtual motor reads, a bus name's owner. Every wait ends
/// as soon as what it waits for happens, so the bound costs nothing while tests pass; it only
/// decides when a test that is failing gives up. It is one generous value, not a guess per
/// wait, so that a slow machine (an emulated guest, a loaded host) never fails a correct test.
///
/// `FORCEBRIDGE_TEST_TIME_SCALE` multiplies it: `Tests/Kernel/guest-run` sets it for the guest,
/// whose emulated processor runs programs several times slower than the host does.
public enum TestTimeout {
    /// The factor from `FORCEBRIDGE_TEST_TIME_SCALE` (a positive number), else 1.
    public static let scale: Double = {
        guard let text = Subprocess.environmentValue("FORCEBRIDGE_TEST_TIME_SCALE"), let value = Double(text),
              value > 0, value.isFinite else { return 1 }
        return value
    }()

    /// The bound, in seconds: a minute, times `scale`.
    public static let seconds: Double = 60 * scale

    /// The bound for something that takes `duration` seconds by design (a recording replayed at
    /// its own pace, a pattern of that length) before it happens.
    public static func seconds(after duration: Double) -> Double {
        duration + seconds
    }
}
