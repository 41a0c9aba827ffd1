import ForceAnalysis

/// What `check` found over every recording: each failure's report, a table of all, the exit
/// status, and the JUnit XML.
struct CheckReport {
    /// The outcomes, in the input's order.
    var outcomes: [CheckOutcome]
    /// Seconds the whole run took.
    var seconds: Double
    /// How many recordings were checked at once.
    var jobs: Int

    /// 2 when a recording could not be checked, else 1 when one failed, else 0.
    var status: Int32 {
        if outcomes.contains(where: \.isUnreadable) { return QualityExitStatus.badInput }
        return outcomes.allSatisfy(\.passed) ? QualityExitStatus.holds : QualityExitStatus.differs
    }

    /// The reports of the failed checks, then the table and a count.
    var text: String {
        var text = ""
        for outcome in outcomes {
            guard case .checked(let check, _) = outcome.result, !check.passed else { continue }
            text += check.report + "\n"
        }
        let width = min(60, outcomes.map(\.recording.count).max() ?? 0)
        for outcome in outcomes {
            text += "\(outcome.label.padded(to: 7)) \(fixed(outcome.seconds * 1000, 1).leftPadded(to: 7)) ms  "
            text += "\(outcome.recording.padded(to: max(width, outcome.recording.count)))  \(outcome.headline)\n"
        }
        let passed = outcomes.count(where: \.passed)
        let unreadable = outcomes.count(where: \.isUnreadable)
        let failed = outcomes.count - passed - unreadable
        text += "\(plural(outcomes.count, "recording", "recordings")) in \(fixed(seconds, 2)) s (\(plural(jobs, "job", "jobs"))): "
        text += "\(passed) passed, \(failed) failed, \(unreadable) could not be checked"
        return text
    }

    /// The results as a JUnit report: one suite, one test case per recording, run at
    /// `timestamp` on `hostname`.
    func junit(properties: [(name: String, value: String)], timestamp: String, hostname: String) -> JUnitReport {
        let cases = outcomes.map { outcome in
            switch outcome.result {
            case .checked(let check, _):
                return check.testCase(time: outcome.seconds)
            case .unreadable(let message):
                return JUnitTestCase(name: outcome.recording, className: "forcebridge.check", time: outcome.seconds,
                                     outcome: .error(message: message, details: message))
            }
        }
        return JUnitReport(name: "forcebridge check", suites: [JUnitTestSuite(
            name: "forcebridge check", testCases: cases, timestamp: timestamp, hostname: hostname, properties: properties)])
    }
}

extension CheckOutcome {
    /// Whether the recording was checked and everything held.
    var passed: Bool {
        if case .checked(let check, _) = result { return check.passed }
        return false
    }

    /// Whether the recording could not be checked.
    var isUnreadable: Bool {
        if case .unreadable = result { return true }
        return false
    }

    /// The table's first column: `pass`, `FAIL`, `ERROR`, or `written`/`same` under `--update`.
    var label: String {
        switch result {
        case .unreadable: return "ERROR"
        case .checked(let check, _) where !check.passed: return "FAIL"
        case .checked(_, .written?): return "written"
        case .checked(_, .unchanged?): return "same"
        case .checked: return "pass"
        }
    }

    /// What the check found, in one line.
    var headline: String {
        switch result {
        case .unreadable(let message): return message
        case .checked(let check, .written?): return check.expectations.isEmpty ? "golden written" : "golden written; " + check.headline
        case .checked(let check, .unchanged?): return check.expectations.isEmpty ? "golden unchanged" : "golden unchanged; " + check.headline
        case .checked(let check, nil): return check.headline
        }
    }
}

extension String {
    /// The string padded with spaces on the left to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
