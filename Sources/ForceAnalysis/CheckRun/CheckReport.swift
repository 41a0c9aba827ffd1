import ForceCore

/// What `check` found over every recording: each failure's report, a table of all, the exit
/// status, and the JUnit XML.
package struct CheckReport: Sendable {
    /// The outcomes, in the input's order.
    package var outcomes: [CheckOutcome]
    /// Seconds the whole run took.
    package var seconds: Double
    /// How many recordings were checked at once.
    package var jobs: Int

    package init(outcomes: [CheckOutcome], seconds: Double, jobs: Int) {
        self.outcomes = outcomes
        self.seconds = seconds
        self.jobs = jobs
    }

    /// 2 when a recording could not be checked, else 1 when one failed, else 0.
    package var status: Int32 {
        if outcomes.contains(where: \.isUnreadable) { return QualityExitStatus.badInput }
        return outcomes.allSatisfy(\.passed) ? QualityExitStatus.holds : QualityExitStatus.differs
    }

    /// Why each recording that could not be checked could not, in the input's order.
    package var unreadableReasons: [String] {
        outcomes.compactMap { outcome in
            guard case .unreadable(let reason) = outcome.result else { return nil }
            return reason
        }
    }

    /// The reports of the failed checks, then the table and a count.
    package var text: String {
        var text = ""
        for outcome in outcomes {
            guard case .checked(let check, _) = outcome.result, !check.passed else { continue }
            text += check.report + "\n"
        }
        let width = min(60, outcomes.map(\.recording.count).max() ?? 0)
        for outcome in outcomes {
            text += "\(outcome.label.padded(to: 7)) \(NumberFormat.fixed(outcome.seconds * 1000, decimals: 1).leftPadded(to: 7)) ms  "
            text += "\(outcome.recording.padded(to: max(width, outcome.recording.count)))  \(outcome.headline)\n"
        }
        let passed = outcomes.count(where: \.passed)
        let unreadable = outcomes.count(where: \.isUnreadable)
        let failed = outcomes.count - passed - unreadable
        text += "\(DecimalText.counted(outcomes.count, "recording", "recordings")) in \(NumberFormat.fixed(seconds, decimals: 2)) s "
        text += "(\(DecimalText.counted(jobs, "job", "jobs"))): \(passed) passed, \(failed) failed, \(unreadable) could not be checked"
        return text
    }

    /// The results as a JUnit report: one suite, one test case per recording, run at
    /// `timestamp` on `hostname`.
    package func junit(properties: [(name: String, value: String)], timestamp: String, hostname: String) -> JUnitReport {
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
