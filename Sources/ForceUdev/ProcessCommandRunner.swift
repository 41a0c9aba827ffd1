import ForceSystem

/// Runs commands as child processes (through the device layer's `Subprocess`), finding programs
/// on `PATH` and in the sbin folders.
public struct ProcessCommandRunner: SystemCommandRunning {
    /// Creates a runner.
    public init() {}

    public func run(_ command: SystemCommand) -> SystemCommand.Outcome {
        do {
            let result = try Subprocess.run(command.executable, command.arguments, mergingErrors: true, seconds: 600)
            return .init(status: result.status, output: result.output)
        } catch {
            return .init(status: 127, output: "\(command.executable): \(error)")
        }
    }

    public func locate(_ name: String) -> String? {
        Subprocess.locate(name)
    }
}
