import Glibc

/// The machine and its wall clock, for reports that say where and when they were made (JUnit).
package enum SystemHost {
    /// The host's name (`localhost` when the kernel does not say).
    package static var name: String {
        guard let name = try? SystemCall.hostName(), !name.isEmpty else { return "localhost" }
        return name
    }

    /// Whole seconds since 1970-01-01 00:00 UTC, by the realtime clock.
    package static var secondsSinceEpoch: Int64 {
        let microseconds = SystemCall.microseconds(of: CLOCK_REALTIME)
        return microseconds >= 0 ? microseconds / 1_000_000 : (microseconds - 999_999) / 1_000_000
    }

    /// `seconds` since the epoch as ISO 8601 UTC without a zone (`2026-11-25T15:06:12`), as JUnit's
    /// `timestamp` has it.
    package static func timestamp(_ seconds: Int64) -> String {
        // Days to a civil date (Howard Hinnant's algorithm, proleptic Gregorian calendar).
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60))"
    }
}
