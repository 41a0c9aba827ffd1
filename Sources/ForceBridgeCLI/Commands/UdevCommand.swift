import ArgumentParser
import ForceCommandLine
import ForceUdev

/// `forcebridge udev install|uninstall`: ForceBridge's udev rules and hwdb.
struct UdevCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "udev",
        abstract: "Install or remove the udev rules that let the logged-in user open touch, tablet and haptic devices.",
        discussion: """
            The rules (udev-rules/70-forcebridge.rules) tag touchscreens, pens, tablet pads and \
            force-feedback devices 'uaccess', so that logind gives the user of the active local \
            session read-write access to them, and link each as /dev/input/forcebridge/KIND-VENDOR-PRODUCT. \
            Keyboards, mice, touchpads and any node with keys never match. The hwdb \
            (udev-rules/70-forcebridge.hwdb) holds per-device calibration. Both are built into \
            this binary; see udev-rules/README.md.
            """,
        subcommands: [Install.self, Uninstall.self]
    )

    /// Options both subcommands share.
    struct Options: ParsableArguments {
        @Option(help: ArgumentHelp(
            "Stage the files under DIR (DIR/etc/udev/...) without root and without touching the running udev.",
            valueName: "DIR"))
        var prefix: String?

        /// Runs `change` on an installer for these options, printing its progress and then the
        /// next steps it gives.
        func apply(_ change: (UdevInstaller, (String) -> Void) throws -> Void, nextSteps: (UdevInstaller) -> [String]) throws {
            let installer = UdevInstaller(prefix: prefix)
            try CommandFailure.reporting { try change(installer) { Console.print($0) } }
            for step in nextSteps(installer) { Console.print(step) }
        }
    }

    struct Install: LoggingCommand {
        @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Copy the rules and hwdb to /etc/udev, recompile the hwdb, reload udev and re-evaluate input devices.")

        @OptionGroup var options: Options

        func run() throws {
            try options.apply({ try $0.install(log: $1) }, nextSteps: \.nextStepsAfterInstall)
        }
    }

    struct Uninstall: LoggingCommand {
        @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

        static let configuration = CommandConfiguration(
            commandName: "uninstall",
            abstract: "Remove the rules and hwdb from /etc/udev, recompile the hwdb, reload udev and re-evaluate input devices.")

        @OptionGroup var options: Options

        func run() throws {
            try options.apply({ try $0.uninstall(log: $1) }, nextSteps: \.nextStepsAfterUninstall)
        }
    }
}
