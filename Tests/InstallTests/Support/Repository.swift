import Foundation

/// This repository and the tests' build (`make build-tests`), which the install test stages.
enum Repository {
    /// The repository root (three levels above this file).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The tests' build (the Makefile's TEST_SCRATCH).
    static let build = "\(root)/.build-test"

    /// The tests' build of `forcebridge`.
    static let forcebridge = "\(build)/release/forcebridge"

    /// The tests' build of `forcebridge-view`, installed beside it.
    static let forcebridgeView = "\(build)/release/forcebridge-view"

    /// Where `make manual BUILD=test` leaves the pages (the Makefile's MANUAL).
    static let manual = "\(build)/plugins/GenerateManual/outputs/forcebridge"

    /// What the test needs that SwiftPM makes (and cannot make while `swift test` runs).
    struct MissingBuild: Error, CustomStringConvertible {
        var description: String
    }

    /// Fails unless the tests' build of the binaries and its manual pages exist.
    static func requireBuild() throws {
        for binary in [forcebridge, forcebridgeView] where !FileManager.default.isExecutableFile(atPath: binary) {
            throw MissingBuild(description: "\(binary) is missing: run `make build-tests` (part of `make test`) first")
        }
        guard FileManager.default.fileExists(atPath: "\(manual)/forcebridge.1") else {
            throw MissingBuild(description: "no manual pages in \(manual): run `make manual BUILD=test` (part of `make test`) first")
        }
    }
}
