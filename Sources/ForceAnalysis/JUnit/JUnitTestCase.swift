/// One test in a JUnit report: for `forcebridge check`, one recording checked.
public struct JUnitTestCase: Hashable, Sendable {
    /// How the test ended.
    public enum Outcome: Hashable, Sendable {
        /// It held.
        case passed
        /// It ran and did not hold: `message` is one line, `details` the full report.
        case failed(message: String, details: String)
        /// It could not run (bad input, an unreadable file).
        case error(message: String, details: String)
        /// It was not run.
        case skipped(message: String)
    }

    /// The test's name (the recording).
    public var name: String
    /// The group it belongs to, dotted as JUnit readers expect (`forcebridge.check`).
    public var className: String
    /// Seconds it took.
    public var time: Double
    /// How it ended.
    public var outcome: Outcome
    /// What it printed (the check's report), if anything.
    public var systemOut: String?

    /// Creates a test case.
    public init(name: String, className: String, time: Double = 0, outcome: Outcome = .passed, systemOut: String? = nil) {
        self.name = name
        self.className = className
        self.time = time
        self.outcome = outcome
        self.systemOut = systemOut
    }

    /// Whether the test failed.
    public var isFailure: Bool {
        if case .failed = outcome { return true }
        return false
    }

    /// Whether the test could not run.
    public var isError: Bool {
        if case .error = outcome { return true }
        return false
    }

    /// Whether the test was skipped.
    public var isSkipped: Bool {
        if case .skipped = outcome { return true }
        return false
    }
}
