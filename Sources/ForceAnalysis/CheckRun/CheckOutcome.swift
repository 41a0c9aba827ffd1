/// One recording checked: how, and how long it took.
package struct CheckOutcome: Sendable {
    /// What happened to a golden transcript under `--update`.
    package enum GoldenWrite: Sendable {
        /// It was written (new or changed).
        case written
        /// It already held the transcript.
        case unchanged
    }

    /// What the check found.
    package enum Result: Sendable {
        /// The recording was replayed and checked (its golden written, under `--update`).
        case checked(TranscriptCheck, golden: GoldenWrite? = nil)
        /// It could not be checked: why (`FILE:LINE: …`).
        case unreadable(String)
    }

    /// The recording's path.
    package var recording: String
    /// Seconds the check took.
    package var seconds: Double
    /// What it found.
    package var result: Result

    package init(recording: String, seconds: Double, result: Result) {
        self.recording = recording
        self.seconds = seconds
        self.result = result
    }

    /// Whether the recording was checked and everything held.
    package var passed: Bool {
        if case .checked(let check, _) = result { return check.passed }
        return false
    }

    /// Whether the recording could not be checked.
    package var isUnreadable: Bool {
        if case .unreadable = result { return true }
        return false
    }

    /// The table's first column: `pass`, `FAIL`, `ERROR`, or `written`/`same` under `--update`.
    package var label: String {
        switch result {
        case .unreadable: return "ERROR"
        case .checked(let check, _) where !check.passed: return "FAIL"
        case .checked(_, .written?): return "written"
        case .checked(_, .unchanged?): return "same"
        case .checked: return "pass"
        }
    }

    /// What the check found, in one line.
    package var headline: String {
        switch result {
        case .unreadable(let message): return message
        case .checked(let check, .written?): return check.expectations.isEmpty ? "golden written" : "golden written; " + check.headline
        case .checked(let check, .unchanged?): return check.expectations.isEmpty ? "golden unchanged" : "golden unchanged; " + check.headline
        case .checked(let check, nil): return check.headline
        }
    }
}
