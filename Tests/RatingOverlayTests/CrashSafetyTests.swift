import Foundation
import ForceCore
import ForceTestSupport
import Testing
@testable import RatingOverlay

/// `ratings.json` survives `kill -9` at any moment of a save.
@Suite("RatingStore: crash safety under SIGKILL")
struct CrashSafetyTests {
    /// What `forcebridge ratings churn` saves in turn: every catalog emoji, alternating 👍 and 👎,
    /// shifted by one each save.
    private static let completeFiles: [Data] = (0..<2).map { shift in
        var ratings: [String: Rating] = [:]
        for (index, emoji) in EmojiCatalog.standard.enumerated() { ratings[emoji] = (index + shift) % 2 == 0 ? .up : .down }
        return RatingStore.encode(ratings)
    }

    @Test func theFileIsAlwaysTheOldOrTheNewCompleteContent() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let directory = home.path + "/forcebridge"
        let file = directory + "/ratings.json"
        var random = SplitMix(seed: 7)
        var midWriteKills = 0
        var samples = 0
        var partialReads = 0
        var partialAfterKill = 0
        let rounds = 25

        for _ in 0..<rounds {
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: Repository.forcebridge)
            writer.arguments = ["ratings", "churn"]
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_DATA_HOME"] = home.path
            writer.environment = environment
            writer.standardOutput = FileHandle.nullDevice
            writer.standardError = FileHandle.nullDevice
            try writer.run()
            defer { if writer.isRunning { kill(writer.processIdentifier, SIGKILL) } }

            // The first save of all must have happened (the writer may start slowly on a busy
            // machine); from then on the file always exists.
            let started = Date().addingTimeInterval(20)
            while !FileManager.default.fileExists(atPath: file), Date() < started { Thread.sleep(forTimeInterval: 0.001) }
            try #require(FileManager.default.fileExists(atPath: file), "the writer never saved")

            // Read the file while it is being rewritten: every read is one complete version.
            let deadline = Date().addingTimeInterval(0.01 + Double(random.next() % 50) / 1000)
            while Date() < deadline {
                if let content = FileManager.default.contents(atPath: file) {
                    samples += 1
                    if !Self.completeFiles.contains(content) { partialReads += 1 }
                }
            }
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
            #expect(writer.terminationReason == .uncaughtSignal && writer.terminationStatus == SIGKILL)

            let leftovers = try home.names(in: "forcebridge").filter { $0.hasSuffix(".tmp") }
            if !leftovers.isEmpty { midWriteKills += 1 }
            if let content = FileManager.default.contents(atPath: file), !Self.completeFiles.contains(content) {
                partialAfterKill += 1
            }
        }
        #expect(partialReads == 0, "readers saw partial files while saves ran")
        #expect(partialAfterKill == 0, "SIGKILL left a partial file")
        // The kills must have landed inside saves (between creating the temporary file and the
        // rename), or this test would prove nothing; at about 60% per kill, all 25 missing is
        // practically impossible.
        #expect(midWriteKills > 0)
        #expect(samples > 0)

        // The next run loads the file cleanly and removes the dead writers' temporary files.
        let shown = try runForceBridge(["ratings"], dataHome: home.path)
        #expect(shown.status == 0)
        #expect(shown.standardError == "")
        #expect(shown.standardOutput.split(separator: "\n").count == 1 + EmojiCatalog.standard.count)
        #expect(try home.names(in: "forcebridge") == ["ratings.json"])
    }
}
