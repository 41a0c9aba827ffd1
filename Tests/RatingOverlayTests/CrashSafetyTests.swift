import Foundation
import ForceCore
import ForceTestSupport
import Glibc
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
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let saves = try SaveWatch(directory: directory, file: "ratings.json")
        var random = SplitMix(seed: 7)
        var midWriteKills = 0
        var samples = 0
        var partialReads = 0
        var partialAfterKill = 0
        let rounds = 25

        for _ in 0..<rounds {
            var environment = ChildProcess.currentEnvironment
            environment["XDG_DATA_HOME"] = home.path
            saves.forget()
            let writer = try ChildProcess(Repository.forcebridge, ["ratings", "churn"], environment: environment)

            // This writer saves in a loop once it has saved once (a slow start on a busy machine
            // would otherwise be killed before its first save, proving nothing).
            try #require(waitUntil { saves.sawSave() || !writer.isRunning }, "the writer never saved: \(writer.standardError)")

            // Read the file while it is being rewritten, for a random few milliseconds (pacing
            // the kill at a random point of a save): every read is one complete version.
            let deadline = ContinuousClock.now + .milliseconds(10 + Int(random.next() % 50))
            while ContinuousClock.now < deadline {
                if let content = FileManager.default.contents(atPath: file) {
                    samples += 1
                    if !Self.completeFiles.contains(content) { partialReads += 1 }
                }
            }
            writer.send(SIGKILL)
            #expect(writer.wait() == SIGKILL && writer.terminationSignal == SIGKILL)

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

/// Completed saves of `file` in `directory`: each renames a temporary file onto it, which inotify
/// reports (`IN_MOVED_TO`).
private final class SaveWatch {
    private let descriptor: CInt
    private let file: String

    init(directory: String, file: String) throws {
        self.file = file
        descriptor = inotify_init1(CInt(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, directory, UInt32(IN_MOVED_TO)) >= 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    deinit { close(descriptor) }

    /// Forgets the saves reported so far.
    func forget() { _ = sawSave() }

    /// Whether a save completed since the last look.
    func sawSave() -> Bool {
        var saved = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard length > 0 else { return saved }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= length {
                let (nameLength, name) = buffer.withUnsafeBytes { bytes -> (Int, String) in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let name = bytes[start..<start + Int(event.len)].prefix { $0 != 0 }
                    return (Int(event.len), String(decoding: name, as: UTF8.self))
                }
                if name == file { saved = true }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
    }
}
