extension ByteScanner {
    /// An event time as evemu and evtest print it, read by `timestamp()`.
    enum Timestamp {
        /// The time in microseconds.
        case microseconds(Int64)
        /// Not a timestamp; `expected` says what should be at the scanner's position.
        case malformed(expected: String)
    }

    /// The most seconds whose microseconds fit an `Int64`.
    static let maximumTimestampSeconds = Int64.max / 1_000_000

    /// Reads `SECONDS[.FRACTION]` (a fraction of any length, cut or padded to microseconds). On
    /// failure the scanner is left where the problem is: at the timestamp's start when it is too
    /// large for an `Int64` of microseconds.
    mutating func timestamp() -> Timestamp {
        let start = position
        guard let (seconds, _) = decimal() else {
            return .malformed(expected: "a timestamp 'SECONDS.MICROSECONDS'")
        }
        var micros: Int64 = 0
        if consume(UInt8(ascii: ".")) {
            guard let (fraction, digits) = decimal() else {
                return .malformed(expected: "microseconds after the '.' of the timestamp")
            }
            micros = EvemuReader.scaleFraction(fraction, digits: digits)
        }
        // Up to 18 digits of seconds are read: their microseconds may not fit an Int64.
        let (scaledSeconds, secondsOverflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (time, timeOverflow) = scaledSeconds.addingReportingOverflow(micros)
        guard !secondsOverflow, !timeOverflow else {
            position = start
            return .malformed(expected: "a timestamp of at most \(Self.maximumTimestampSeconds) seconds")
        }
        return .microseconds(time)
    }
}
