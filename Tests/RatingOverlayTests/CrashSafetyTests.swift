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
    private static let completeFiles: [Data] = (0..<2).map { RatingStore.encode(EmojiCatalog.alternatingRatings(shift: $0)) }

    /// Consecutive sets differ in every entry, and every other one is the same set.
    @Test func churnedSetsAlternate() {
        let (first, second) = (EmojiCatalog.alternatingRatings(shift: 0), EmojiCatalog.alternatingRatings(shift: 1))
        #expect(first.count == EmojiCatalog.standard.count && first[EmojiCatalog.standard[0]] == .up)
        #expect(EmojiCatalog.standard.allSatisfy { first[$0] != second[$0] })
        #expect(EmojiCatalog.alternatingRatings(shift: 2) == first)
    }

    /// Kills writers at two kinds of moment: inside a save (as soon as the writer creates its
    /// temporary file, which it then fills, flushes and renames) and at a random point while the
    /// test reads the file. Rounds go on until enough kills landed inside a save, bounded by a
    /// number of rounds, not by time: a slow machine only takes more rounds.
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
        let (minimumRounds, maximumRounds, minimumMidWriteKills) = (25, 200, 5)
        var rounds = 0

        while rounds < minimumRounds || (midWriteKills < minimumMidWriteKills && rounds < maximumRounds) {
            rounds += 1
            var environment = ChildProcess.currentEnvironment
            environment["XDG_DATA_HOME"] = home.path
            saves.forget()
            let writer = try ChildProcess(Repository.forcebridge, ["ratings", "churn"], environment: environment)

            // This writer saves in a loop once it has saved once (a slow start on a busy machine
            // would otherwise be killed before its first save, proving nothing).
            try #require(saves.wait(for: .save, while: writer), "the writer never saved: \(writer.standardError)")

            if rounds.isMultiple(of: 2) {
                // Inside a save: the writer has just created its temporary file.
                try #require(saves.wait(for: .temporaryFile, while: writer), "the writer stopped saving: \(writer.standardError)")
            } else {
                // Read the file while it is being rewritten, for a random few milliseconds (a kill
                // at any point of the loop): every read is one complete version.
                let deadline = ContinuousClock.now + .milliseconds(10 + Int(random.next() % 50))
                while ContinuousClock.now < deadline {
                    if let content = FileManager.default.contents(atPath: file) {
                        samples += 1
                        if !Self.completeFiles.contains(content) { partialReads += 1 }
                    }
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
        // rename), or this test would prove nothing.
        #expect(midWriteKills >= minimumMidWriteKills, "\(midWriteKills) kills of \(rounds) landed inside a save")
        #expect(samples > 0)

        // The next run loads the file cleanly and removes the dead writers' temporary files.
        let shown = try runForceBridge(["ratings"], dataHome: home.path)
        #expect(shown.status == 0)
        #expect(shown.standardError == "")
        #expect(shown.standardOutput.split(separator: "\n").count == 1 + EmojiCatalog.standard.count)
        #expect(try home.names(in: "forcebridge") == ["ratings.json"])
    }
}

/// What inotify reports of the saves of `file` in `directory`: a save creates a temporary file
/// (`IN_CREATE` of `file.PID.tmp`), fills and flushes it, and renames it onto `file`
/// (`IN_MOVED_TO`).
private final class SaveWatch {
    enum Step { case temporaryFile, save }

    private let descriptor: CInt
    private let file: String
    private var seen: Set<Step> = []

    init(directory: String, file: String) throws {
        self.file = file
        descriptor = inotify_init1(CInt(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, directory, UInt32(IN_MOVED_TO | IN_CREATE)) >= 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    deinit { close(descriptor) }

    /// Forgets what was reported so far.
    func forget() {
        readEvents()
        seen = []
    }

    /// Waits while `writer` runs, bounded by the tests' timeout, until inotify reports `step`
    /// (returning as soon as it does): a completed save, or a temporary file whose save has not
    /// completed yet. Forgets what was looked at before. False when the writer ended or the time
    /// ran out first.
    func wait(for step: Step, while writer: ChildProcess) -> Bool {
        let deadline = ContinuousClock.now + .seconds(TestTimeout.seconds)
        seen = []
        while ContinuousClock.now < deadline {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&request, 1, 100)
            readEvents()
            if seen.contains(step) { return true }
            if !writer.isRunning { return false }
        }
        return false
    }

    private func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard length > 0 else { return }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= length {
                let (mask, nameLength, name) = buffer.withUnsafeBytes { bytes -> (UInt32, Int, String) in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let name = bytes[start..<start + Int(event.len)].prefix { $0 != 0 }
                    return (event.mask, Int(event.len), String(decoding: name, as: UTF8.self))
                }
                // A temporary file counts until the save that created it ends.
                if mask & UInt32(IN_MOVED_TO) != 0, name == file {
                    seen.insert(.save)
                    seen.remove(.temporaryFile)
                }
                if mask & UInt32(IN_CREATE) != 0, name.hasPrefix(file + "."), name.hasSuffix(".tmp") { seen.insert(.temporaryFile) }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
    }
}
