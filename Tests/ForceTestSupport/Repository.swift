import ForceSystem

/// Paths in this repository, found from this file's location.
public enum Repository {
    /// The repository root (two folders above this file's folder).
    public static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// The absolute path of `relativePath` in the repository.
    public static func path(_ relativePath: String) -> String {
        root + "/" + relativePath
    }

    /// The text of a file in the repository.
    public static func text(_ relativePath: String) throws -> String {
        String(decoding: try FileSystem.contents(of: path(relativePath)), as: UTF8.self)
    }

    /// A shipped recording (`recordings/NAME`).
    public static func recording(_ name: String) -> String {
        path("recordings/\(name)")
    }

    /// Every shipped evemu recording, sorted.
    public static var recordings: [String] {
        FileSystem.names(inDirectory: path("recordings")).filter { $0.hasSuffix(".evemu") }.sorted().map(recording)
    }

    /// The `forcebridge` binary the tests run (`builtProgram`).
    public static var forcebridge: String { builtProgram("forcebridge") }

    /// The `forcebridge-view` binary the tests run, found as `forcebridge` is.
    public static var forcebridgeView: String { builtProgram("forcebridge-view") }

    /// The folder named by `FORCEBRIDGE_TEST_PROGRAMS`, if set: the programs of `make test`'s
    /// build (`make build-tests`).
    public static let testPrograms: String? = Subprocess.environmentValue("FORCEBRIDGE_TEST_PROGRAMS").flatMap { $0.isEmpty ? nil : $0 }

    /// The program `name` the tests run: in the folder `FORCEBRIDGE_TEST_PROGRAMS` names when it
    /// is set, else next to the test bundle, else in the debug build.
    public static func builtProgram(_ name: String) -> String {
        if let testPrograms { return testPrograms + "/" + name }
        let bundle = CommandLine.arguments.first ?? ""
        if let slash = bundle.lastIndex(of: "/") {
            let sibling = bundle[..<slash] + "/" + name
            if FileSystem.item(at: String(sibling)) == .file { return String(sibling) }
        }
        return path(".build/debug/" + name)
    }
}
