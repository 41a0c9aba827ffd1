import Foundation

/// A directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("forcebridge-udev-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `name` inside the directory (creating folders) and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let file = "\(path)/\(name)"
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The text of `name` inside the directory, if it exists.
    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: "\(path)/\(name)").map { String(decoding: $0, as: UTF8.self) }
    }
}
