import SystemPackage

/// Where a report written to a file goes (an SVG plot, JUnit XML): a file, checked before the
/// work that makes the report so that a bad path fails at once, or standard output (`-`).
package struct ReportFile: Sendable {
    /// Why a path cannot take a report.
    package enum Problem: Error, Equatable, Sendable {
        /// `-` where standard output carries another report.
        case standardOutputInUse
        /// No path at all.
        case empty
        /// The path is a directory.
        case directory
        /// The file exists and cannot be written.
        case fileNotWritable
        /// The file's directory (named) does not exist.
        case missingDirectory(String)
        /// What should be the file's directory (named) is not a directory.
        case notADirectory(String)
        /// The file's directory (named) cannot be written.
        case directoryNotWritable(String)
    }

    /// The path as given.
    package let path: String

    /// Whether the report goes to standard output (`-`).
    package var isStandardOutput: Bool { path == "-" }

    /// Checks that `path` can be written: its directory exists and is writable, and it is not a
    /// directory itself; `-` (standard output) where `allowsStandardOutput`.
    /// - Throws: the `Problem` with the path.
    package init(path: String, allowsStandardOutput: Bool = true) throws(Problem) {
        self.path = path
        if path == "-" {
            guard allowsStandardOutput else { throw .standardOutputInUse }
            return
        }
        guard !path.isEmpty else { throw .empty }
        switch FileSystem.item(at: path) {
        case .directory: throw .directory
        case .file:
            guard FileSystem.isWritable(path) else { throw .fileNotWritable }
            return
        case .missing: break
        }
        let parent = FilePath(path).removingLastComponent().string
        let directory = parent.isEmpty ? "." : parent
        switch FileSystem.item(at: directory) {
        case .missing: throw .missingDirectory(directory)
        case .file: throw .notADirectory(directory)
        case .directory:
            guard FileSystem.isWritable(directory) else { throw .directoryNotWritable(directory) }
        }
    }

    /// Replaces the file's contents with `bytes`, durably (a temporary file renamed over it);
    /// not for standard output.
    /// - Throws: a `FileSystemError` with the kernel's reason.
    package func write(_ bytes: [UInt8]) throws(FileSystemError) {
        try FileSystem.replaceDurably(path, with: bytes, temporarySuffix: ".tmp-forcebridge")
    }
}
