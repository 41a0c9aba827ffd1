import ForceTestSupport
import Foundation

/// Runs a program to completion and collects what it wrote (tests only).
struct Subprocess {
    var status: Int32
    var output: String
    var errors: String

    struct Missing: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path) is missing (the built binary needs `swift build` first)" }
    }

    /// Runs `executable` with `arguments`. Standard error is read after standard output, so it
    /// must stay small (warnings), as it does for the programs tests run.
    static func run(_ executable: String, _ arguments: [String]) throws -> Subprocess {
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw Missing(path: executable) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        let errors = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Subprocess(
            status: process.terminationStatus,
            output: String(decoding: output, as: UTF8.self), errors: String(decoding: errors, as: UTF8.self))
    }

    /// `python3 -c script file`: `text` is written to a temporary file whose path is `sys.argv[1]`.
    static func python(_ script: String, reading text: String) throws -> Subprocess {
        let path = NSTemporaryDirectory() + "forceanalysis-\(UUID().uuidString).txt"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try run("/usr/bin/python3", ["-c", script, path])
    }

    /// The built `forcebridge` the tests run (`Repository.forcebridge`).
    static func forcebridge(_ arguments: [String]) throws -> Subprocess {
        try run(Repository.forcebridge, arguments)
    }
}
