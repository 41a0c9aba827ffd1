import Foundation
import ForceUdev

/// A `SystemCommandRunning` that records commands instead of running them, and answers with
/// scripted outcomes.
final class FakeCommandRunner: SystemCommandRunning, @unchecked Sendable {
    private let lock = NSLock()
    private var commands: [SystemCommand] = []
    /// The programs that are "installed", by name.
    let programs: [String: String]
    /// Outcomes by command text (`udevadm control --reload`); everything else succeeds.
    let outcomes: [String: SystemCommand.Outcome]

    init(programs: [String] = ["udevadm", "systemd-hwdb"], outcomes: [String: SystemCommand.Outcome] = [:]) {
        self.programs = Dictionary(uniqueKeysWithValues: programs.map { ($0, "/usr/bin/\($0)") })
        self.outcomes = outcomes
    }

    func run(_ command: SystemCommand) -> SystemCommand.Outcome {
        lock.lock(); defer { lock.unlock() }
        commands.append(command)
        return outcomes[command.description] ?? .init(status: 0, output: "")
    }

    func locate(_ name: String) -> String? { programs[name] }

    /// What ran, as typed.
    var ran: [String] {
        lock.lock(); defer { lock.unlock() }
        return commands.map(\.description)
    }
}
