import Foundation
import ForceCore
import ForceSession
import ForceTerminalUI
import ForceTestSupport
import RatingOverlay
import Testing

/// `rate --headless`'s log, run in-process on the shipped stylus session: the setup, the
/// overlay's events, the ratings saved as they happen and the summary.
@Suite("rating log")
struct OverlayLogTests {
    /// Runs the stylus recording through `rate`'s session (`RatingSession`) logged as `format`,
    /// ratings in `directory`.
    private func run(format: OverlayLog.Format, directory: String) throws -> (text: String, persistence: RatingPersistence) {
        let runtime = try SessionRuntime()
        let source = try RecordingSource(path: Repository.recording("stylus-commit.evemu"))
        let ratings = RatingStore(directory: URL(fileURLWithPath: directory))
        try ratings.load()
        let rating = RatingSession(source: source, pipeline: InputPipeline(device: source.device), ratings: ratings, haptics: nil,
                                   columns: 4, rows: 3, loadDelay: 0.05, concurrentLoads: 4)
        let captured = CapturedText()
        try rating.runLogged(on: runtime, format: format, output: TextOutput(captured), source: "stylus")
        return (captured.text, rating.persistence)
    }

    @Test func aRecordingIsNamedByItsPathAndFormat() throws {
        let home = try TemporaryDirectory()
        let path = Repository.recording("stylus-commit.evemu")
        let ratings = RatingStore(directory: URL(fileURLWithPath: home.path))
        let source = try RecordingSource(path: path)
        let rating = RatingSession(source: source, pipeline: InputPipeline(device: source.device), ratings: ratings, haptics: nil,
                                   columns: 4, rows: 3, loadDelay: 0.05, concurrentLoads: 4)
        #expect(rating.sourceLabel == "\(path) (evemu)")
    }

    @Test func aHeadlessRunIsLoggedUnderTheSourcesLabelAndLeavesNothingToPrint() throws {
        let home = try TemporaryDirectory()
        let path = Repository.recording("stylus-commit.evemu")
        let source = try RecordingSource(path: path)
        let rating = RatingSession(source: source, pipeline: InputPipeline(device: source.device), ratings: RatingStore(directory: URL(fileURLWithPath: home.path)),
                                   haptics: nil, columns: 4, rows: 3, loadDelay: 0.05, concurrentLoads: 4)
        let captured = CapturedText()
        #expect(try rating.run(on: try SessionRuntime(), headless: true, format: .text, log: TextOutput(captured), linger: nil).isEmpty)
        #expect(captured.text.contains("\nSource: \(path) (evemu): \"Wacom Intuos Pro M Pen\" (tablet)"), "\(captured.text)")
        #expect(captured.text.contains("\nSummary: 2014 events, 411 frames"))
    }

    @Test func theTextLogShowsTheSetupTheRatingAndTheSummary() throws {
        let home = try TemporaryDirectory()
        let (text, persistence) = try run(format: .text, directory: home.path)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "Rating overlay: 36 emoji, 4 columns, 3 of 9 rows visible, 2 prefetched ahead; loads take 0.05 s, 4 at once")
        #expect(lines[1] == "Source: stylus: \"Wacom Intuos Pro M Pen\" (tablet), whole device area mapped to the visible grid")
        #expect(lines.contains("   0.510 s  press 🐙 (item 5, row 2, column 2): preview begins"))
        #expect(lines.contains("   1.280 s  rated 🐙 👍"))
        #expect(lines.suffix(2) == [
            "Ratings: 🐙 👍 (saved to \(home.path)/ratings.json)",
            "Summary: 2014 events, 411 frames, 1 touch, 1 preview ended, 1 commit, 0 cancels; 20 loads started, 0 stopped",
        ])
        #expect(persistence.savedCount == 1 && persistence.failedCount == 0)
        #expect(FileManager.default.contents(atPath: home.path + "/ratings.json") == RatingStore.encode(["🐙": .up]))
    }

    @Test func theJSONLinesAreOneObjectPerEvent() throws {
        let home = try TemporaryDirectory()
        let (text, _) = try run(format: .jsonl, directory: home.path)
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("{\"type\":\"") && $0.hasSuffix("}") })
        #expect(lines.first?.hasPrefix("{\"type\":\"overlay\",\"items\":36,\"columns\":4,") == true)
        #expect(lines.contains { $0.hasPrefix("{\"type\":\"rated\",\"time\":1.280053,\"item\":5,\"emoji\":\"🐙\",\"rating\":\"up\"}") })
        #expect(lines.last?.hasPrefix("{\"type\":\"summary\",\"events\":2014,\"frames\":411,\"touches\":1,") == true)
    }

    @Test func aFailedSaveIsReportedAndTheSessionGoesOn() throws {
        let home = try TemporaryDirectory()
        // The ratings directory is a file: saving fails.
        try home.write("", to: "file")
        let runtime = try SessionRuntime()
        let source = try RecordingSource(path: Repository.recording("stylus-commit.evemu"))
        let pipeline = InputPipeline(device: source.device)
        let overlay = RatingOverlay(pipeline: pipeline)
        let persistence = RatingPersistence(store: RatingStore(directory: URL(fileURLWithPath: home.path("file"))))
        var failures: [String] = []
        persistence.saveDidFail = { failures.append("\($0)") }
        overlay.observer = persistence
        let session = Session(source: source, pipeline: pipeline)
        session.schedule(overlay)
        try runtime.start(session)
        try runtime.run()
        #expect(persistence.failedCount == 1 && persistence.savedCount == 0)
        #expect(failures.count == 1)
        #expect(overlay.ratedItems.count == 1, "the rating stands for the session")
    }
}
