import Foundation
import ForceTestSupport
import Testing
@testable import RatingOverlay

/// `forcebridge rate` and `forcebridge ratings`, run as the built binary.
@Suite("forcebridge rate (the CLI)")
struct RateCommandTests {
    private static let stylus = "recordings/stylus-commit.evemu"

    private static func expectedStylusLog(ratingsDirectory: String) -> [String] {
        [
            "Rating overlay: 36 emoji, 4 columns, 3 of 9 rows visible, 2 prefetched ahead; loads take 0.05 s, 4 at once",
            "Source: recordings/stylus-commit.evemu (evemu): \"Wacom Intuos Pro M Pen\" (tablet), whole device area mapped to the visible grid",
            "Ratings file: \(ratingsDirectory)/ratings.json (no ratings yet)",
            "   0.000 s  load 0 1 2 3 4 5 6 7 8 9 10 11 (visible now)",
            "   0.000 s  prefetch 12 13 14 15 16 17 18 19",
            "   0.050 s  loaded 0 1 2 3: 😀 🐶 🍕 🚀",
            "   0.100 s  loaded 4 5 6 7: 🌵 🐙 🎸 🍩",
            "   0.150 s  loaded 8 9 10 11: 🐢 🌈 🍉 🎲",
            "   0.200 s  loaded 12 13 14 15: 🦄 🍔 🐝 🎈",
            "   0.250 s  loaded 16 17 18 19: 🌻 🐧 🍄 🎃",
            "   0.510 s  press 🐙 (item 5, row 2, column 2): preview begins",
            "   1.150 s  preview ended (peek): the grid has faded",
            "   1.280 s  commit ended (pop) on 👍",
            "   1.280 s  rated 🐙 👍",
            "Ratings: 🐙 👍 (saved to \(ratingsDirectory)/ratings.json)",
            "Summary: 2014 events, 411 frames, 1 touch, 1 preview ended, 1 commit, 0 cancels; 20 loads started, 0 stopped",
            "",
        ]
    }

    @Test func headlessReplayLogsTheSessionAndSavesTheRating() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let result = try runForceBridge(["rate", "--replay", Self.stylus, "--headless"], dataHome: home.path)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.milestoneLines == Self.expectedStylusLog(ratingsDirectory: home.path + "/forcebridge"))
        // Between the milestones: the preview and commit progress, rising in steps.
        let progress = result.standardOutput.split(separator: "\n").filter { $0.contains(" s  preview 0") || $0.contains(" s  commit 0") }
        #expect(progress.count > 40)
        #expect(progress.filter { $0.contains("commit 0") }.allSatisfy { $0.hasSuffix("on 👍") })
        let saved = FileManager.default.contents(atPath: home.path + "/forcebridge/ratings.json")
        #expect(saved == RatingStore.encode(["🐙": .up]))
        #expect(try home.names(in: "forcebridge") == ["ratings.json"])
    }

    @Test func outputThatIsNotATerminalIsHeadlessAndPacedReplaysLogTheSame() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let headless = try runForceBridge(["rate", "--replay", Self.stylus, "--headless"], dataHome: home.path + "/a")
        let piped = try runForceBridge(["rate", "--replay", Self.stylus], dataHome: home.path + "/a2")
        let paced = try runForceBridge(["rate", "--replay", Self.stylus, "--speed", "4"], dataHome: home.path + "/a3")
        #expect(piped.status == 0 && paced.status == 0)
        #expect(piped.standardOutput == headless.standardOutput.replacingOccurrences(of: home.path + "/a/", with: home.path + "/a2/"))
        #expect(paced.standardOutput == headless.standardOutput.replacingOccurrences(of: home.path + "/a/", with: home.path + "/a3/"))
    }

    @Test func jsonLinesCarryTheSameSession() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let result = try runForceBridge(["rate", "--replay", Self.stylus, "--format", "jsonl"], dataHome: home.path)
        #expect(result.status == 0)
        let objects = try result.standardOutput.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let types = objects.compactMap { $0["type"] as? String }
        #expect(types.count == objects.count)
        let milestones = types.filter { $0 != "preview" && $0 != "commit" }
        #expect(milestones == ["overlay", "load", "prefetch", "loaded", "loaded", "loaded", "loaded", "loaded", "press", "rated", "ratings", "summary"])
        let press = try #require(objects.first { $0["type"] as? String == "press" })
        #expect(press["item"] as? Int == 5 && press["row"] as? Int == 1 && press["column"] as? Int == 1 && press["emoji"] as? String == "🐙")
        let prefetch = try #require(objects.first { $0["type"] as? String == "prefetch" })
        #expect(prefetch["items"] as? [Int] == Array(12...19))
        let commits = objects.filter { $0["type"] as? String == "commit" }
        #expect(commits.last?["ended"] as? Bool == true)
        #expect(commits.allSatisfy { $0["highlighted"] as? String == "up" })
        let ratings = try #require(objects.first { $0["type"] as? String == "ratings" })
        #expect(ratings["ratings"] as? [String: String] == ["🐙": "up"])
    }

    @Test func aCancelledPressSavesNothing() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let result = try runForceBridge(["rate", "--replay", "recordings/touchscreen-cancel.evemu"], dataHome: home.path)
        #expect(result.status == 0)
        #expect(result.milestoneLines.contains("   0.892 s  cancelled: 🐙 unchanged"))
        #expect(result.milestoneLines.contains("Ratings: none"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/forcebridge/ratings.json"))
    }

    @Test(arguments: [
        (["--device", "/dev/input/event93"], "forcebridge: /dev/input/event93: no such device node. Run 'forcebridge list' to see the devices there are.\n"),
        (["--replay", stylus, "--haptics", "/dev/input/event94"], "forcebridge: /dev/input/event94: no such device node. Run 'forcebridge list' to see the devices there are.\n"),
    ])
    func liveDevicesAndHapticsFailClearly(arguments: [String], message: String) throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let result = try runForceBridge(["rate"] + arguments, dataHome: home.path)
        #expect(result.status == 1)
        #expect(result.standardError == message)
        #expect(result.standardOutput == "")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/forcebridge"))
    }

    @Test func anInputIsRequired() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let result = try runForceBridge(["rate", "--headless"], dataHome: home.path)
        #expect(result.status == 64)
        #expect(result.standardError.contains("rate needs an input: --replay FILE"))
        let both = try runForceBridge(["rate", "--replay", Self.stylus, "--device", "/dev/input/event0"], dataHome: home.path)
        #expect(both.status == 64)
        #expect(both.standardError.contains("choose one input"))
        let missing = try runForceBridge(["rate", "--replay", "recordings/nothing-here.evemu"], dataHome: home.path)
        #expect(missing.status == 1)
        #expect(missing.standardError == "forcebridge: recordings/nothing-here.evemu: no such file\n")
    }

    @Test func aCorruptRatingsFileIsReportedMovedAsideAndReplaced() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let directory = home.path + "/forcebridge"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("{\"format\":\"forcebridge-ratings\",\"ver".utf8).write(to: URL(fileURLWithPath: directory + "/ratings.json"))
        let result = try runForceBridge(["rate", "--replay", Self.stylus], dataHome: home.path)
        #expect(result.status == 0)
        #expect(result.standardError.hasPrefix("forcebridge: \(directory)/ratings.json was corrupt (not a ratings file"))
        #expect(result.standardError.contains("moved it to \(directory)/ratings.json.corrupt-"))
        let names = try home.names(in: "forcebridge")
        #expect(names.count == 2)
        #expect(names[0] == "ratings.json")
        #expect(names[1].hasPrefix("ratings.json.corrupt-"))
        #expect(FileManager.default.contents(atPath: directory + "/" + names[1]) == Data("{\"format\":\"forcebridge-ratings\",\"ver".utf8))
        #expect(FileManager.default.contents(atPath: directory + "/ratings.json") == RatingStore.encode(["🐙": .up]))
    }

    @Test func ratingsShowsAndResetsWhatRateSaved() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        _ = try runForceBridge(["rate", "--replay", Self.stylus], dataHome: home.path)
        _ = try runForceBridge(["rate", "--replay", "recordings/worn-pen.evemu"], dataHome: home.path)
        let file = home.path + "/forcebridge/ratings.json"
        let shown = try runForceBridge(["ratings"], dataHome: home.path)
        #expect(shown.standardOutput == "Ratings in \(file):\n  🎸 👍\n  🐙 👍\n")
        let json = try runForceBridge(["ratings", "show", "--format", "jsonl"], dataHome: home.path)
        #expect(json.standardOutput == "{\"type\":\"ratings\",\"ratings\":{\"🎸\":\"up\",\"🐙\":\"up\"},\"file\":\"\(file)\"}\n")
        let reset = try runForceBridge(["ratings", "reset"], dataHome: home.path)
        #expect(reset.status == 0)
        #expect(try runForceBridge(["ratings"], dataHome: home.path).standardOutput == "Ratings in \(file): none\n")
    }
}
