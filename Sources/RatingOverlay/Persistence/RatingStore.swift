import ForceSystem
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The ratings given in the overlay, kept in `ratings.json` in a directory (the XDG data
/// directory in the CLI).
///
/// Saving is atomic: the new content goes to a temporary file in the same directory, which is
/// flushed to disk (`fsync`) and renamed over `ratings.json`, and the directory is flushed so the
/// rename survives a power cut. A crash at any moment leaves either the old or the new complete
/// file, never a mix; a temporary file left by a crashed process is removed by the next `load()`.
/// A file that cannot be read as ratings is moved aside as `ratings.json.corrupt-<UTC timestamp>`
/// and replaced by an empty one.
public final class RatingStore {
    /// The file's name in its directory.
    public static let fileName = "ratings.json"

    /// The directory holding the file.
    public let directory: URL
    /// The ratings, by emoji.
    public private(set) var ratings: [String: Rating] = [:]

    /// Creates a store for `directory`; nothing is read until `load()`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The ratings file.
    public var fileURL: URL { directory.appendingPathComponent(Self.fileName) }

    /// Reads the file. A missing file means no ratings; a corrupt one is moved aside and replaced.
    /// Temporary files of crashed writers are removed.
    @discardableResult
    public func load(now: Date = Date()) throws -> RatingStoreLoadResult {
        removeStaleTemporaryFiles()
        let path = fileURL.path
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                throw RatingStoreError(path: path, message: "cannot be read (permission denied?)")
            }
            ratings = [:]
            return .missing
        }
        do {
            ratings = try Self.decode(data)
            return .loaded(count: ratings.count)
        } catch {
            let aside = try moveAside(now: now)
            ratings = [:]
            try save()
            return .replacedCorruptFile(reason: error.message, movedTo: aside)
        }
    }

    /// Sets (or with nil removes) the rating of `emoji`; `save()` writes it.
    public func setRating(_ rating: Rating?, for emoji: String) {
        ratings[emoji] = rating
    }

    /// Replaces every rating; `save()` writes them.
    public func replaceRatings(with ratings: [String: Rating]) {
        self.ratings = ratings
    }

    /// Writes the ratings atomically (see the type's documentation).
    public func save() throws {
        try write(Self.encode(ratings))
    }

    /// The bytes `save()` writes for `ratings`: pretty-printed JSON with sorted keys and a newline.
    public static func encode(_ ratings: [String: Rating]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding a dictionary of strings cannot fail.
        var data = (try? encoder.encode(RatingFile(ratings: ratings))) ?? Data()
        data.append(0x0a)
        return data
    }

    /// The ratings in `data`, or `CorruptContent` saying what is wrong.
    static func decode(_ data: Data) throws(CorruptContent) -> [String: Rating] {
        guard !data.isEmpty else { throw CorruptContent(message: "the file is empty") }
        do {
            return try RatingFile(json: [UInt8](data)).ratings
        } catch {
            throw CorruptContent(message: error.description)
        }
    }

    struct CorruptContent: Error {
        var message: String
    }

    // MARK: - Files

    private var temporaryPrefix: String { Self.fileName + "." }
    private static let temporarySuffix = ".tmp"

    /// Writes `data` to a temporary file, flushes it, renames it over the ratings file and
    /// flushes the directory (through the device layer's `FileSystem`).
    private func write(_ data: Data) throws {
        do {
            try FileSystem.createDirectory(directory.path)
        } catch {
            throw RatingStoreError(path: error.path, message: "cannot create the directory: \(error.reason)")
        }
        do {
            try FileSystem.replaceDurably(fileURL.path, with: Array(data),
                                          temporarySuffix: "." + String(Subprocess.currentProcessID) + Self.temporarySuffix)
        } catch {
            throw RatingStoreError(path: error.path, message: "\(error.action): \(error.reason)")
        }
    }

    /// Renames the ratings file to `ratings.json.corrupt-<timestamp>` (with `-2`, `-3`… if taken).
    private func moveAside(now: Date) throws -> String {
        let base = fileURL.path + ".corrupt-" + Self.timestamp(now)
        var candidate = base
        var suffix = 2
        while FileSystem.item(at: candidate) != .missing {
            candidate = base + "-\(suffix)"
            suffix += 1
        }
        do {
            try FileSystem.rename(fileURL.path, to: candidate)
        } catch {
            throw RatingStoreError(path: error.path, message: "\(error.action): \(error.reason)")
        }
        return candidate
    }

    /// Removes `ratings.json.<pid>.tmp` files whose process is gone.
    private func removeStaleTemporaryFiles() {
        for name in FileSystem.names(inDirectory: directory.path) where name.hasPrefix(temporaryPrefix) && name.hasSuffix(Self.temporarySuffix) {
            let middle = name.dropFirst(temporaryPrefix.count).dropLast(Self.temporarySuffix.count)
            guard let pid = Int32(middle) else { continue }
            if pid == Subprocess.currentProcessID || !Subprocess.processExists(pid) {
                FileSystem.removeFile(directory.appendingPathComponent(name).path)
            }
        }
    }

    /// `20250131T235959Z`.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func digits(_ value: Int32, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2) + "T"
            + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2) + "Z"
    }
}
