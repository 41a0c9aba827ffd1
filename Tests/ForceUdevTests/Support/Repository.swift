import Foundation

/// Paths in this repository.
enum Repository {
    /// The repository root (three levels above this file).
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of a file in the repository.
    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// The debug build of `forcebridge`.
    static let forcebridge = root.appendingPathComponent(".build/debug/forcebridge").path
}
