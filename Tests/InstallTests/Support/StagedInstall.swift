import Foundation

/// `make install-files` of the tests' build (`BUILD=test`) into a temporary DESTDIR with PREFIX=/usr; the folder
/// goes away with the value.
final class StagedInstall {
    /// The DESTDIR.
    let root: String
    /// Service files given to the Makefile's hook (SYSTEMD_USER_UNITS, DBUS_SERVICES).
    let sources: String
    /// `make install-files`.
    private(set) var result = Shell.Result(status: -1, output: "", errors: "")

    /// The Makefile's variables for this staging.
    var makeArguments: [String] {
        ["-C", Repository.root, "BUILD=test", "PREFIX=/usr", "DESTDIR=\(root)",
         "SYSTEMD_USER_UNITS=\(sources)/forcebridge.service.in", "DBUS_SERVICES=\(sources)/org.example.ForceBridge.service"]
    }

    init() throws {
        try Repository.requireBuild()
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("forcebridge-install-\(UUID().uuidString)").path
        root = "\(base)/destdir"
        sources = "\(base)/sources"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try "[Service]\nExecStart=@BINDIR@/forcebridge serve\n".write(toFile: "\(sources)/forcebridge.service.in", atomically: true, encoding: .utf8)
        try "[D-BUS Service]\nName=org.example.ForceBridge\n".write(toFile: "\(sources)/org.example.ForceBridge.service", atomically: true, encoding: .utf8)
        result = try Shell.run("/usr/bin/make", makeArguments + ["install-files"], environment: Self.plainMake)
    }

    deinit { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: root).deletingLastPathComponent().path) }

    /// No flags or variables from a `make test` this runs under.
    static let plainMake = ["MAKEFLAGS": "", "MFLAGS": "", "MAKELEVEL": ""]

    /// `make uninstall` with the same variables.
    func uninstall() throws -> Shell.Result {
        try Shell.run("/usr/bin/make", makeArguments + ["uninstall"], environment: Self.plainMake)
    }

    /// The path of `relativePath` inside the staging root.
    func path(_ relativePath: String) -> String { "\(root)/\(relativePath)" }

    /// Every file and symbolic link under the root, relative to it.
    func files() -> Set<String> {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: Set<String> = []
        for case let relative as String in enumerator {
            let type = (try? FileManager.default.attributesOfItem(atPath: path(relative)))?[.type] as? FileAttributeType
            if type != .typeDirectory { files.insert(relative) }
        }
        return files
    }
}
