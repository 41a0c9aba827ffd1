import Foundation
import ForceTestSupport
import Testing
@testable import RatingOverlay

@Suite("RatingStore: atomic, recoverable persistence")
struct RatingStoreTests {
    @Test func aMissingFileMeansNoRatingsAndSavingCreatesIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = RatingStore(directory: URL(fileURLWithPath: directory.path("nested/forcebridge")))
        #expect(try store.load() == .missing)
        #expect(store.ratings.isEmpty)
        store.setRating(.up, for: "🐙")
        store.setRating(.down, for: "😀")
        try store.save()

        let reread = RatingStore(directory: store.directory)
        #expect(try reread.load() == .loaded(count: 2))
        #expect(RatingStoreLoadResult.loaded(count: 2).notice(path: reread.fileURL.path) == nil)
        #expect(reread.ratings == ["🐙": .up, "😀": .down])
        #expect(try directory.names(in: "nested/forcebridge") == ["ratings.json"])
    }

    @Test func theFileIsReadableJSON() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = RatingStore(directory: URL(fileURLWithPath: directory.path))
        store.replaceRatings(with: ["🐙": .up])
        try store.save()
        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(text == """
            {
              "format" : "forcebridge-ratings",
              "ratings" : {
                "🐙" : "up"
              },
              "version" : 1
            }

            """)
        #expect(Data(text.utf8) == RatingStore.encode(["🐙": .up]))
    }

    @Test(arguments: [
        ("{\"format\":\"forcebridge-ratings\",\"version\":1,\"ratings\":{\"🐙\":\"u", "not a ratings file (1:63: unterminated string (no closing '\"'))"),
        ("", "the file is empty"),
        ("{\"format\":\"other\",\"version\":1,\"ratings\":{}}", "1:11: expected format \"forcebridge-ratings\", found \"other\""),
        ("{\"format\":\"forcebridge-ratings\",\"version\":2,\"ratings\":{}}", "1:43: expected version 1, found 2"),
        ("{\"format\":\"forcebridge-ratings\",\"version\":1.5,\"ratings\":{}}", "1:43: expected version 1, found 1.5"),
        ("{\"format\":\"forcebridge-ratings\",\"version\":1,\"ratings\":{\"🐙\":\"meh\"}}",
         "not a ratings file (1:63: ratings.🐙: is the string \"meh\"; expected \"up\" or \"down\")"),
        ("{\"format\":\"forcebridge-ratings\",\"version\":1,\"ratings\":[]}", "not a ratings file (1:55: ratings: is an array; expected an object)"),
        ("{\"format\":\"forcebridge-ratings\",\n \"version\":\"1\",\"ratings\":{}}", "not a ratings file (2:12: version: is the string \"1\"; expected a number)"),
        ("{\"format\":\"forcebridge-ratings\",\"version\":1}", "not a ratings file (1:1: no \"ratings\")"),
        ("[\"forcebridge-ratings\"]", "not a ratings file (1:1: is an array; expected an object with \"format\", \"version\" and \"ratings\")"),
    ])
    func aCorruptFileIsMovedAsideAndReplaced(content: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = RatingStore(directory: URL(fileURLWithPath: directory.path))
        try Data(content.utf8).write(to: store.fileURL)
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let result = try store.load(now: now)
        let aside = store.fileURL.path + ".corrupt-20260921T141320Z"
        guard case .replacedCorruptFile(let found, let movedTo) = result else {
            Issue.record("expected the corrupt file to be replaced, got \(result)")
            return
        }
        #expect(found == reason)
        #expect(movedTo == aside)
        #expect(result.notice(path: "ratings.json") == "ratings.json was corrupt (\(reason)); moved it to \(aside) and started a new one")
        #expect(store.ratings.isEmpty)
        #expect(FileManager.default.contents(atPath: aside) == Data(content.utf8))
        #expect(FileManager.default.contents(atPath: store.fileURL.path) == RatingStore.encode([:]))

        // A second corrupt file in the same second gets its own name.
        try Data("garbage".utf8).write(to: store.fileURL)
        guard case .replacedCorruptFile(_, let second) = try store.load(now: now) else {
            Issue.record("expected the second corrupt file to be replaced")
            return
        }
        #expect(second == aside + "-2")
        #expect(try directory.names() == ["ratings.json", "ratings.json.corrupt-20260921T141320Z", "ratings.json.corrupt-20260921T141320Z-2"])
    }

    @Test func temporaryFilesOfDeadWritersAreRemoved() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = RatingStore(directory: URL(fileURLWithPath: directory.path))
        // A pid that cannot exist (above pid_max) stands for a crashed writer; pid 1 is alive.
        let dead = URL(fileURLWithPath: directory.path("ratings.json.99999999.tmp"))
        let alive = URL(fileURLWithPath: directory.path("ratings.json.1.tmp"))
        try Data("{\"format\":".utf8).write(to: dead)
        try Data("{\"format\":".utf8).write(to: alive)
        #expect(try store.load() == .missing)
        #expect(try directory.names() == ["ratings.json.1.tmp"])
    }

    @Test func timestampsAreUTC() {
        #expect(RatingStore.timestamp(Date(timeIntervalSince1970: 0)) == "19700101T000000Z")
        #expect(RatingStore.timestamp(Date(timeIntervalSince1970: 1_790_000_000.9)) == "20260921T141320Z")
    }
}
