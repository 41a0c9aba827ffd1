import Foundation

/// Files of the repository that tests read.
enum Paths {
    /// The repository's root (three folders above this file).
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    /// The shipped recordings (every `.evemu` in `recordings/`), by name without `.evemu`.
    static let shippedRecordings: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/recordings")) ?? []
        return names.filter { $0.hasSuffix(".evemu") }.map { String($0.dropLast(".evemu".count)) }.sorted()
    }()

    /// The `libinput record` and evtest fixtures of the recording tests.
    static let formatFixtures = [
        "stylus-commit.yml", "touchscreen-cancel.yml", "stylus-commit.evtest", "touchscreen-cancel.evtest",
        "evtest-old-kernel.txt", "evtest-pen-quirks.txt",
    ]

    /// The path of shipped recording `name`.
    static func recording(_ name: String) -> String {
        "\(root)/recordings/\(name).evemu"
    }

    /// The path of recording-test fixture `name`.
    static func fixture(_ name: String) -> String {
        "\(root)/Tests/ForceRecordingTests/Fixtures/\(name)"
    }
}
