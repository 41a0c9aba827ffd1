import ForceRecording
import ForceTestSupport
import Testing

/// The recordings QA commands are given: files, directories (their recordings, by content) and
/// quoted wildcard patterns, each path once, in order.
struct RecordingPathsTests {
    private func folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let evemu = try Repository.text("recordings/touchscreen-tap.evemu")
        try folder.write(evemu, to: "set/b.evemu")
        try folder.write(evemu, to: "set/a.evemu")
        try folder.write("not a recording\n", to: "set/notes.txt")
        try folder.write(evemu, to: "set/.hidden.evemu")
        try folder.write("", to: "empty/.keep")
        return folder
    }

    @Test func filesDirectoriesAndPatterns() throws {
        let folder = try folder()
        let set = folder.path("set")
        #expect(try RecordingPaths.expand([set]) == ["\(set)/.hidden.evemu", "\(set)/a.evemu", "\(set)/b.evemu"])
        #expect(try RecordingPaths.expand(["\(set)/b.evemu", "\(set)/*.evemu"]) == ["\(set)/b.evemu", "\(set)/a.evemu"])
        #expect(try RecordingPaths.expand(["\(set)/[a]*"]) == ["\(set)/a.evemu"])
        #expect(RecordingPaths.matches(folder.path("s?t/*.txt")) == ["\(set)/notes.txt"])
    }

    @Test func whatNamesNoRecordingSaysSo() throws {
        let folder = try folder()
        let cases = [
            (folder.path("missing.evemu"), "\(folder.path("missing.evemu")): no such file or directory"),
            (folder.path("set/*.yml"), "\(folder.path("set/*.yml")): no file matches the pattern"),
            (folder.path("empty"), "\(folder.path("empty")): the directory holds no recordings (evemu, libinput record YAML or evtest logs)"),
        ]
        for (argument, message) in cases {
            do {
                _ = try RecordingPaths.expand([argument])
                Issue.record("\(argument) accepted")
            } catch {
                #expect(error.description == message)
            }
        }
    }

    @Test func convertingWritesEveryEventAndLeavesNothingOfABadInput() throws {
        let folder = try TemporaryDirectory()
        let reader = try RecordingFormat.open(path: Repository.recording("touchscreen-tap.evemu"))
        let conversion = try RecordingOutputFormat.libinputRecord.convert(reader, to: folder.path("tap.yml"), source: "tap")
        let recording = try Recording(contentsOf: Repository.recording("touchscreen-tap.evemu"))
        #expect(conversion.events == recording.events.count)
        #expect(conversion.frames == recording.frameCount)
        #expect(try Recording(contentsOf: folder.path("tap.yml")).events.count == recording.events.count)

        let broken = try folder.write(try Repository.text("recordings/touchscreen-tap.evemu") + "E: not an event\n", to: "broken.evemu")
        #expect(throws: RecordingError.self) {
            try RecordingOutputFormat.evemu.convert(try RecordingFormat.open(path: broken), to: folder.path("out.evemu"), source: "broken")
        }
        #expect(!folder.names().contains("out.evemu"))
    }
}
