import ForceSystem

extension ServiceFiles {
    /// Why one user's files cannot be placed.
    public enum UserFilesError: Error, CustomStringConvertible, Sendable {
        /// `HOME` is unset or not an absolute path.
        case noHome
        /// This program's own path cannot be found.
        case noExecutablePath

        public var description: String {
            switch self {
            case .noHome: return "HOME is not set to an absolute path; cannot find the user's configuration folders"
            case .noExecutablePath: return "cannot find this program's path (/proc/self/exe)"
            }
        }
    }

    /// One user's unit and activation file, each with where it goes (`userDirectories`), both
    /// running the binary of this process.
    /// - Throws: a `UserFilesError` when `HOME` or this program's path is unknown.
    package static func userFiles(environment: [String: String] = Subprocess.currentEnvironment) throws(UserFilesError) -> [(path: String, text: String)] {
        guard let directories = userDirectories(environment: environment) else { throw .noHome }
        guard let binary = FileSystem.executablePath() else { throw .noExecutablePath }
        let folder = String(binary[..<(binary.lastIndex(of: "/") ?? binary.endIndex)])
        return [(directories.units + "/" + unitName, unit(binaryDirectory: folder)),
                (directories.activation + "/" + activationName, activation(binaryDirectory: folder))]
    }

    /// Writes `text` to `path`, making its folders first.
    /// - Throws: a `FileSystemError` naming the path and the kernel's reason.
    package static func install(_ text: String, at path: String) throws(FileSystemError) {
        if let slash = path.lastIndex(of: "/") { try FileSystem.createDirectory(String(path[..<slash])) }
        try FileSystem.write(Array(text.utf8), to: path)
    }
}
