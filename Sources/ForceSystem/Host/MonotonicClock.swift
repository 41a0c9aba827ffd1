import Glibc

/// `CLOCK_MONOTONIC`, the clock live events are stamped with.
public enum MonotonicClock {
    /// The current time in microseconds.
    public static func now() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
    }
}
