import ArgumentParser
import ForceCommandLine
import ForceService
import ForceSystem

/// `forcebridge service install|uninstall`: the user's own systemd unit and D-Bus activation
/// file for `forcebridge serve` (what `make install` installs system-wide).
struct ServiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Install or remove this user's systemd unit and D-Bus activation file for 'forcebridge serve'.",
        discussion: """
            Writes \(ServiceFiles.unitName) to $XDG_CONFIG_HOME/systemd/user and \(ServiceFiles.activationName) \
            to $XDG_DATA_HOME/dbus-1/services, both running this binary, so that the session bus starts \
            the service on the first call and 'journalctl --user -u forcebridge' shows its log.
            """,
        subcommands: [Install.self, Uninstall.self]
    )

    /// The two files and where they go.
    static func files() throws -> [(path: String, text: String)] {
        try CommandFailure.reporting { try ServiceFiles.userFiles() }
    }

    struct Install: LoggingCommand {
        @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

        static let configuration = CommandConfiguration(commandName: "install", abstract: "Write the unit and the activation file.")

        func run() throws {
            for (path, text) in try ServiceCommand.files() {
                try CommandFailure.reporting { try ServiceFiles.install(text, at: path) }
                Console.print("installed \(path)")
            }
            Console.print("Next: systemctl --user daemon-reload && systemctl --user enable --now forcebridge")
        }
    }

    struct Uninstall: LoggingCommand {
        @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

        static let configuration = CommandConfiguration(commandName: "uninstall", abstract: "Remove the unit and the activation file.")

        func run() throws {
            for (path, _) in try ServiceCommand.files() where FileSystem.item(at: path) != .missing {
                FileSystem.removeFile(path)
                Console.print("removed \(path)")
            }
            Console.print("Next: systemctl --user disable --now forcebridge; systemctl --user daemon-reload")
        }
    }
}
