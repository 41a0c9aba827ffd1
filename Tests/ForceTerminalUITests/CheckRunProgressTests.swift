import ForceAnalysis
import ForceCore
import ForceSession
import ForceTerminalUI
import ForceTestSupport
import Testing

/// `check`'s run with its progress line: drawn as each recording starts and ends, removed at the
/// end; without a destination, the same run and report.
struct CheckRunProgressTests {
    private static let recordings = ["recordings/stylus-commit.evemu", "recordings/no-pressure.evemu"].map { Repository.path($0) }

    private func checkRun() throws -> CheckRun {
        let settings = CheckSettings(expectations: [try SummaryExpectation(parsing: "touches>=1")], tolerance: .standard, update: false)
        return CheckRun(items: Self.recordings.map { CheckItem(recording: $0) }, settings: settings,
                        environment: .replaying(device: nil) { InputPipeline(device: $0) }, jobs: 1)
    }

    @Test func theProgressLineFollowsEachRecordingAndIsRemovedAtTheEnd() throws {
        let capture = SharedCapture()
        let report = try checkRun().run(showingProgressOn: capture)
        #expect(report.outcomes.map(\.recording) == Self.recordings)
        #expect(report.status == QualityExitStatus.holds)
        let draws = capture.text.components(separatedBy: "\r\u{1B}[K").filter { !$0.isEmpty }
        #expect(draws.map { String($0.prefix(13)) } == ["checking 0/2:", "checking 1/2:", "checking 1/2:", "checking 2/2:"])
        #expect(draws.first?.hasSuffix("stylus-commit.evemu") == true)
        #expect(draws.last?.hasSuffix("no-pressure.evemu") == true)
        #expect(capture.text.hasSuffix("\r\u{1B}[K"))
    }

    @Test func withoutADestinationTheRunIsTheSame() throws {
        let report = try checkRun().run(showingProgressOn: nil)
        #expect(report.outcomes.map(\.recording) == Self.recordings)
        #expect(report.outcomes.allSatisfy { $0.passed })
    }
}
