import ForceSystem
import ForceTestSupport
import Testing

/// A report's file is checked before the work that makes the report: each problem is told apart,
/// and a good path is written durably.
@Suite("Report files")
struct ReportFileTests {
    private func problem(_ path: String, allowsStandardOutput: Bool = true) -> ReportFile.Problem? {
        do {
            _ = try ReportFile(path: path, allowsStandardOutput: allowsStandardOutput)
            return nil
        } catch {
            return error
        }
    }

    @Test func standardOutputIsAllowedOnlyWhereItIsFree() throws {
        #expect(try ReportFile(path: "-").isStandardOutput)
        #expect(problem("-", allowsStandardOutput: false) == .standardOutputInUse)
        #expect(problem("") == .empty)
    }

    @Test func eachProblemOfAPathIsToldApart() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("x", to: "file.txt")
        #expect(problem(directory.path) == .directory)
        #expect(problem(directory.path("missing/plot.svg")) == .missingDirectory(directory.path("missing")))
        #expect(problem(file + "/plot.svg") == .notADirectory(file))
        #expect(problem(directory.path("plot.svg")) == nil)
        #expect(problem(file) == nil)
    }

    @Test func aWriteReplacesTheFileWhole() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("old and longer", to: "report.xml")
        try ReportFile(path: path).write(Array("new".utf8))
        #expect(try FileSystem.contents(of: path) == Array("new".utf8))
        #expect(directory.names() == ["report.xml"])
    }
}
