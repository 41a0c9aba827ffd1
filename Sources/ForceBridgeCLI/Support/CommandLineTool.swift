import ForceAnalysis
import ForceCommandLine
import ForceDevices
import ForceSession
import ForceSystem
import Glibc
import Logging

/// The `forcebridge` program: parses the command line, runs the command, and reports how it
/// ended, exactly as the argument parser would, with the libraries' errors given their advice.
public enum ForceBridgeCLI {
    /// Runs `arguments` (without the program's name) on `Console.current` and returns the exit
    /// status.
    public static func run(_ arguments: [String]) -> Int32 {
        run(arguments, parsing: .namedCommand)
    }

    /// Runs `arguments`, parsed as `parsing` says (tests compare the two).
    static func run(_ arguments: [String], parsing: CommandParsing) -> Int32 {
        if parsing == .namedCommand, ForceBridgeCommand.asksForVersionAlone(arguments) {
            Console.print(ForceBridgeCommand.configuration.version)
            return 0
        }
        do {
            var (command, logging) = try parsing == .namedCommand
                ? ForceBridgeCommand.parseCommand(arguments) : ForceBridgeCommand.parseFromRoot(arguments)
            try LoggingOptions.withDiagnostics(logging, defaultLevel: command is ServeCommand ? ServeCommand.defaultLogLevel : DiagnosticLog.defaultLevel) {
                try command.run()
            }
            return 0
        } catch let failure as CommandFailure {
            Console.error("forcebridge: \(failure.message)")
            return failure.status
        } catch {
            let shown: any Error = error is DeviceError || error is HapticDeviceError ? AdvisedError(description: CommandFailure.message(for: error)) : error
            let code = QualityExitStatus.exitCode(for: shown, arguments: arguments)
            var text = ForceBridgeCommand.fullMessage(for: shown)
            // One prefix for every error of the tool: the parser's own errors start with `Error: `.
            if text.hasPrefix("Error: ") { text = "forcebridge: " + text.dropFirst("Error: ".count) }
            if !text.isEmpty {
                if code == .success { Console.print(text) } else { Console.error(text) }
            }
            return code.rawValue
        }
    }

    /// Runs `arguments` with standard output and error captured; for tests of commands
    /// in-process.
    public static func runCapturing(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        runCapturing(arguments, parsing: .namedCommand)
    }

    /// Runs `arguments`, parsed as `parsing` says, with standard output and error captured.
    static func runCapturing(_ arguments: [String], parsing: CommandParsing) -> (status: Int32, output: String, error: String) {
        let output = SharedCapture()
        let error = SharedCapture()
        let status = Console.$current.withValue(Console(standardOutput: output, standardError: error)) { run(arguments, parsing: parsing) }
        return (status, output.text, error.text)
    }

    /// The program's entry point: runs the process's arguments and exits with their status.
    public static func main() -> Never {
        Subprocess.exitCurrentProcess(status: run(Array(CommandLine.arguments.dropFirst())))
    }
}
