import Foundation

/// A program that installing the udev files runs (`udevadm`, `systemd-hwdb`), and what it said.
public struct SystemCommand: Hashable, Sendable, CustomStringConvertible {
    /// The program's full path.
    public var executable: String
    /// Its arguments.
    public var arguments: [String]

    /// Creates a command.
    public init(_ executable: String, _ arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// The command as a person would type it: `udevadm control --reload`.
    public var description: String {
        ([(executable as NSString).lastPathComponent] + arguments).joined(separator: " ")
    }

    /// How a command ended.
    public struct Outcome: Hashable, Sendable {
        /// The exit status (127 when the program could not be started).
        public var status: Int32
        /// Standard output and standard error, merged.
        public var output: String

        /// Creates an outcome.
        public init(status: Int32, output: String) {
            self.status = status
            self.output = output
        }

        /// Whether the command succeeded.
        public var succeeded: Bool { status == 0 }
    }
}

/// Runs system commands. The installer is given one, so tests can watch what it would run.
public protocol SystemCommandRunning: Sendable {
    /// Runs `command` to completion.
    func run(_ command: SystemCommand) -> SystemCommand.Outcome
    /// The full path of the program `name`, if it is installed.
    func locate(_ name: String) -> String?
}

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
