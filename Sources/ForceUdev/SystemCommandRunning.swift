/// Runs system commands. The installer is given one, so tests can watch what it would run.
public protocol SystemCommandRunning: Sendable {
    /// Runs `command` to completion.
    func run(_ command: SystemCommand) -> SystemCommand.Outcome
    /// The full path of the program `name`, if it is installed.
    func locate(_ name: String) -> String?
}
