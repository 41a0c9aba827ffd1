import ForceAnalysis
import ForceSystem

/// Why `check`'s golden directory cannot be used (the program names the option and says what to do).
package enum GoldenDirectoryError: Error, Sendable, CustomStringConvertible {
    /// There is no directory at the path, and none is to be made.
    case missing
    /// Making the directory failed, for this reason.
    case notCreated(FileSystemError)

    package var description: String {
        switch self {
        case .missing: return "no such directory"
        case .notCreated(let error): return "\(error)"
        }
    }
}

extension CheckEnvironment {
    /// Makes sure `directory`, where `check` reads golden transcripts (or writes them), is a
    /// directory: a missing one is made (with its parents) when `creating`, as for `--update`.
    /// - Throws: `GoldenDirectoryError.missing` when it is not a directory and is not to be made
    ///   (or a file is in the way); `.notCreated` when making it failed.
    package static func prepareGoldenDirectory(_ directory: String, creating: Bool) throws(GoldenDirectoryError) {
        let item = FileSystem.item(at: directory)
        guard item != .directory else { return }
        guard creating, item == .missing else { throw .missing }
        do throws(FileSystemError) {
            try FileSystem.createDirectory(directory)
        } catch {
            throw .notCreated(error)
        }
    }
}
