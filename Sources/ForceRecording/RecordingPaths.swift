import ForceSystem

/// The recordings a QA command was given: files as named, every recording directly in a named
/// directory (recognised by content, in name order; other files are left alone), and the files
/// a quoted wildcard pattern (`'recordings/*.evemu'`) matches, in name order. Each path once.
package enum RecordingPaths {
    /// Why an argument names no recording.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        /// What is wrong, starting with the argument.
        package let description: String
    }

    /// The recordings `arguments` name, in order.
    /// - Throws: a `Failure` for a path that does not exist, a pattern that matches nothing, or
    ///   a directory without recordings.
    package static func expand(_ arguments: [String]) throws(Failure) -> [String] {
        var paths: [String] = []
        var seen = Set<String>()
        for argument in arguments {
            for path in try expand(argument) where seen.insert(FileSystem.absolutePath(path)).inserted {
                paths.append(path)
            }
        }
        return paths
    }

    private static func expand(_ argument: String) throws(Failure) -> [String] {
        switch FileSystem.item(at: argument) {
        case .file:
            return [argument]
        case .directory:
            let recordings = FileSystem.names(inDirectory: argument).sorted().map { join(argument, $0) }.filter(isRecording)
            guard !recordings.isEmpty else {
                throw Failure(description: "\(argument): the directory holds no recordings (evemu, libinput record YAML or evtest logs)")
            }
            return recordings
        case .missing:
            guard GlobPattern.hasWildcards(argument) else {
                throw Failure(description: "\(argument): no such file or directory")
            }
            let matches = self.matches(argument).filter { FileSystem.item(at: $0) == .file }
            guard !matches.isEmpty else {
                throw Failure(description: "\(argument): no file matches the pattern")
            }
            return matches
        }
    }

    /// Whether the file at `path` is a recording ForceBridge reads.
    private static func isRecording(_ path: String) -> Bool {
        FileSystem.item(at: path) == .file && (try? RecordingFormat.detect(path: path)) != nil
    }

    /// The paths `pattern` matches, component by component, sorted within each directory.
    package static func matches(_ pattern: String) -> [String] {
        let isAbsolute = pattern.hasPrefix("/")
        var found = [isAbsolute ? "/" : ""]
        for component in pattern.split(separator: "/") {
            if GlobPattern.hasWildcards(component) {
                let glob = GlobPattern(component)
                found = found.flatMap { directory in
                    FileSystem.names(inDirectory: directory.isEmpty ? "." : directory).sorted().filter(glob.matches).map { join(directory, $0) }
                }
            } else {
                found = found.map { join($0, String(component)) }.filter { FileSystem.item(at: $0) != .missing }
            }
        }
        return found
    }

    /// `name` inside `directory` (`""` is the working directory).
    private static func join(_ directory: String, _ name: String) -> String {
        directory.isEmpty ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
