import Foundation

/// Runs programs for the install test.
enum Shell {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `executable` with `arguments` and the given extra environment; standard error goes
    /// through a file, so that a chatty child never blocks on a full pipe.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("install-test-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errors = try FileHandle(forWritingTo: errorFile)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errors.close()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            errors: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }
}
