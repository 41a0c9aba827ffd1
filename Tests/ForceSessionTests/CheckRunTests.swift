import ForceAnalysis
import ForceCore
import ForceSession
import ForceTestSupport
import Testing

/// `check`'s run: recordings replayed on a worker pool, golden transcripts written with
/// `update` and compared without it, through the file system.
struct CheckRunTests {
    private static let recordings = ["recordings/stylus-commit.evemu", "recordings/no-pressure.evemu", "recordings/contact-size.evemu"]

    private func run(_ items: [CheckItem], update: Bool, expectations: [SummaryExpectation] = [], jobs: Int) throws -> CheckReport {
        let settings = CheckSettings(expectations: expectations, tolerance: .standard, update: update)
        return try CheckRun(items: items, settings: settings, environment: .replaying(device: nil) { InputPipeline(device: $0) }, jobs: jobs).run()
    }

    @Test(arguments: [1, 3])
    func goldensWrittenThenMatched(jobs: Int) throws {
        let directory = try TemporaryDirectory()
        let paths = Self.recordings.map { Repository.path($0) }
        let items = try CheckItem.items(for: paths, golden: nil, goldenDirectory: directory.path)
        let written = try run(items, update: true, jobs: jobs)
        #expect(written.status == QualityExitStatus.holds)
        #expect(written.jobs == jobs)
        #expect(written.outcomes.map(\.recording) == paths)
        #expect(directory.names().sorted() == ["contact-size.jsonl", "no-pressure.jsonl", "stylus-commit.jsonl"])
        #expect(directory.read("stylus-commit.jsonl") == (try Repository.text("Tests/Goldens/stylus-commit.jsonl")))
        let checked = try run(items, update: false, jobs: jobs)
        #expect(checked.status == QualityExitStatus.holds)
        #expect(checked.outcomes.allSatisfy { $0.passed })
    }

    @Test func theGoldenDirectoryIsMadeOnlyWhenWritingGoldens() throws {
        let directory = try TemporaryDirectory()
        let goldens = directory.path("goldens/new")
        #expect(throws: GoldenDirectoryError.self) { try CheckEnvironment.prepareGoldenDirectory(goldens, creating: false) }
        try CheckEnvironment.prepareGoldenDirectory(goldens, creating: true)
        try CheckEnvironment.prepareGoldenDirectory(goldens, creating: false)
        #expect(directory.names() == ["goldens"])
        _ = try directory.write("", to: "file")
        #expect("\(try #require(throws: GoldenDirectoryError.self) { try CheckEnvironment.prepareGoldenDirectory(directory.path("file"), creating: true) })"
            == "no such directory")
    }

    @Test func aMissingGoldenAndAFailedExpectationAreReported() throws {
        let directory = try TemporaryDirectory()
        let item = CheckItem(recording: Repository.path("recordings/stylus-commit.evemu"), golden: directory.path("none.jsonl"))
        let missing = try run([item], update: false, jobs: 1)
        #expect(missing.status == QualityExitStatus.badInput)
        #expect(missing.unreadableReasons == ["\(item.golden!): no golden transcript for \(item.recording); write it with --update"])
        let expectation = try SummaryExpectation(parsing: "commits=7")
        let failed = try run([CheckItem(recording: item.recording)], update: false, expectations: [expectation], jobs: 1)
        #expect(failed.status == QualityExitStatus.differs)
        #expect(failed.unreadableReasons.isEmpty)
    }

    @Test func anUnwritableGoldenIsTheKernelsReason() throws {
        let directory = try TemporaryDirectory()
        let environment = CheckEnvironment.replaying(device: nil) { InputPipeline(device: $0) }
        #expect(throws: GoldenWriteError.self) { try environment.writeGolden(directory.path("missing/x.jsonl"), [1]) }
    }
}
