import Glibc

/// `CLOCK_MONOTONIC`, the clock live events are stamped with.
public enum MonotonicClock {
    /// The current time in microseconds.
    @inline(__always)
    public static func now() -> Int64 {
        SystemCall.microseconds(of: CLOCK_MONOTONIC)
    }
}
