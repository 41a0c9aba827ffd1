import Foundation

/// Runs commands with `Process`, finding programs on `PATH` and in the sbin folders (which a
/// user's `PATH` often lacks, though `udevadm` lives there on some systems).
public struct ProcessCommandRunner: SystemCommandRunning {
    /// Creates a runner.
    public init() {}

    public func run(_ command: SystemCommand) -> SystemCommand.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command.executable)
        process.arguments = command.arguments
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            return .init(status: 127, output: "\(command.executable): \(error.localizedDescription)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return .init(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    public func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin", "/sbin", "/bin"]
        return folders.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
