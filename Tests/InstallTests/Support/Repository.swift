import Foundation

/// This repository and the debug build the install test stages.
enum Repository {
    /// The repository root (three levels above this file).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The debug build of `forcebridge`.
    static let forcebridge = "\(root)/.build/debug/forcebridge"

    /// The debug build of `forcebridge-view`, installed beside it.
    static let forcebridgeView = "\(root)/.build/debug/forcebridge-view"

    /// Where `make manual` leaves the pages (the Makefile's MANUAL).
    static let manual = "\(root)/.build/plugins/GenerateManual/outputs/forcebridge"

    /// What the test needs that SwiftPM makes (and cannot make while `swift test` runs).
    struct MissingBuild: Error, CustomStringConvertible {
        var description: String
    }

    /// Fails unless the debug binary and its manual pages exist.
    static func requireBuild() throws {
        for binary in [forcebridge, forcebridgeView] where !FileManager.default.isExecutableFile(atPath: binary) {
            throw MissingBuild(description: "\(binary) is missing: run `swift build` (or `make test`) first")
        }
        guard FileManager.default.fileExists(atPath: "\(manual)/forcebridge.1") else {
            throw MissingBuild(description: "no manual pages in \(manual): run `make manual CONFIGURATION=debug` (part of `make test`) first")
        }
    }
}
