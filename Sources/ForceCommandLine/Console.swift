import ForceSession
import ForceSystem

/// Where a command writes: the process's standard output and standard error, or, for commands
/// run in-process by tests, memory (`ForceBridgeCLI.runCapturing`).
public struct Console: Sendable {
    /// Standard output's destination.
    public let standardOutput: any TextDestination & Sendable
    /// Standard error's destination.
    public let standardError: any TextDestination & Sendable

    /// Creates a console writing to these destinations.
    public init(standardOutput: any TextDestination & Sendable, standardError: any TextDestination & Sendable) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's own standard output and error.
    public static let standard = Console(standardOutput: FileOutput.standardOutput, standardError: FileOutput.standardError)

    /// The console commands use now (a task-local value: tests run commands with their own).
    @TaskLocal public static var current = Console.standard

    /// Buffered output to standard output.
    package static func output(flushesEachLine: Bool = false) -> TextOutput {
        TextOutput(current.standardOutput, flushesEachLine: flushesEachLine)
    }

    /// Writes `message` and a newline to standard error, at once.
    package static func error(_ message: String) {
        current.standardError.write(Array((message + "\n").utf8))
    }

    /// Writes `message` and a newline to standard output, at once.
    package static func print(_ message: String) {
        current.standardOutput.write(Array((message + "\n").utf8))
    }
}
