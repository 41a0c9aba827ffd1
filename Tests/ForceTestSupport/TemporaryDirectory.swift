import ForceSystem

/// A directory under the system's temporary directory for the files of one test, removed with
/// everything in it when the value goes away.
public final class TemporaryDirectory {
    /// Its path.
    public let path: String

    /// A new, empty directory.
    public init() throws {
        path = try FileSystem.makeTemporaryDirectory(prefix: "forcebridge-tests-")
    }

    deinit { remove() }

    /// Removes the directory and everything in it now.
    public func remove() { FileSystem.removeTree(path) }

    /// The names in the directory (or in `subdirectory` of it), sorted.
    public func names(in subdirectory: String = "") -> [String] {
        FileSystem.names(inDirectory: subdirectory.isEmpty ? path : path(subdirectory)).sorted()
    }

    /// The path of `name` in the directory.
    public func path(_ name: String) -> String { path + "/" + name }

    /// Writes `text` (exact bytes, no newline added) to `name` inside the directory, creating
    /// folders, and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        try write(Array(text.utf8), to: name)
    }

    /// Writes `bytes` to `name` inside the directory, creating folders, and returns its path.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = path(name)
        if let slash = file.lastIndex(of: "/") { try FileSystem.createDirectory(String(file[..<slash])) }
        try FileSystem.write(bytes, to: file)
        return file
    }

    /// The text of `name` inside the directory, if it can be read.
    public func read(_ name: String) -> String? {
        (try? FileSystem.contents(of: path(name))).map { String(decoding: $0, as: UTF8.self) }
    }
}
