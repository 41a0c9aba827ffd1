import ForceDevices
import ForceSession
import ForceSystem
import ForceTestSupport

/// Where the tests run.
enum FileSystemCheck {
    /// Whether the working directory is the repository's root (`swift test` runs there).
    static var workingDirectoryIsTheRepository: Bool {
        FileSystem.workingDirectory().map { FileSystem.absolutePath($0) } == FileSystem.absolutePath(Repository.root)
    }
}

/// A recording's jsonl transcript through the library, for comparing with the command's.
enum ForceSessionTranscript {
    static func of(_ path: String) throws -> String {
        try Session.transcript(of: path)
    }
}
