import ArgumentParser
import ForceCalibrationKit
import ForceCommandLine
import ForceSession
import ForceSystem
import ForceTerminalUI

/// `forcebridge calibrate [DEVICE]`: measures a device in a minute and writes its profile, its
/// hwdb entry and the session recording, and suggests the libinput quirk.
struct CalibrateCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Calibrate a touchscreen, touchpad or pen: measure its pressure and write its profile and hwdb entry.",
        discussion: """
            A guided wizard: a pen first rests in range above the surface (its resting pressure), \
            then come light taps, ordinary presses ("as you would press a button": force 1.0) and \
            firm presses. A step that was too short, too noisy or not firmer than the one before \
            is repeated, saying why. Then the proposed calibration (resting offset, average touch, \
            curve, maximumPossibleForce, thresholds) is shown against the defaults and, once \
            confirmed, written: the device's entry in $XDG_CONFIG_HOME/forcebridge/profiles.json \
            (merged: other devices' entries are kept, the previous file is kept as .bak), the \
            session as an evemu recording and the hwdb entry in $XDG_CONFIG_HOME/forcebridge/calibrations/. \
            The hwdb entry and, for touchpads and touchscreens, the corresponding libinput quirk \
            are printed with where they go.

            On a terminal the wizard is full screen (r repeats the current step, q quits; at the \
            end y writes, n leaves everything as it was). Elsewhere, or with --headless, it logs \
            each step and writes only with --yes. --replay runs the same wizard on a recording \
            (the steps detected from its presses), for scripts and tests. Devices without \
            pressure are calibrated by contact size when they report it; keyboards and mice are \
            refused; a device unplugged during the wizard ends it with nothing written.
            """
    )

    @OptionGroup var input: DeviceOrRecording

    @OptionGroup var pace: SpeedOption

    @Flag(name: .shortAndLong, help: "Write without asking (needed to write when not on a terminal).")
    var yes = false

    @Flag(help: "Print only the hwdb entry on standard output (the wizard's log goes to standard error).")
    var hwdb = false

    @Flag(help: "Also install the hwdb entry into /etc/udev/hwdb.d and have udev apply it (needs root; otherwise says how).")
    var install = false

    @Flag(help: "Show the proposal, the hwdb entry and the quirk, but write nothing.")
    var dryRun = false

    @Flag(help: "Log the steps instead of the full-screen wizard (automatic when standard output is not a terminal).")
    var headless = false

    func validate() throws {
        if install && dryRun { throw ValidationError("--install writes files; --dry-run writes none: choose one.") }
        if pace.speed != nil && input.replay == nil { throw ValidationError("--speed needs --replay FILE.") }
    }

    func run() throws {
        let runtime = try SessionRuntime()
        let isHeadless = headless || hwdb || !Terminal.isOutputTerminal
        let source = try input.open(speed: pace.speed ?? (isHeadless ? .maximum : .realtime))
        let run = CalibrationRun(source: source, runtime: runtime)
        if case .stopped(let reason) = run.calibration.state {
            throw CommandFailure("cannot calibrate: \(reason)")
        }
        // With --hwdb, standard output is the entry alone.
        let log = hwdb ? TextOutput(Console.current.standardError) : Console.output(flushesEachLine: !source.runsInVirtualTime)
        let confirmed = try CommandFailure.reporting { try run.confirm(headless: isHeadless, yes: yes, on: runtime, log: log) }
        if let failure = run.session.failure { throw CommandFailure(failure) }
        let unwritten = dryRun ? "Nothing was written (--dry-run)."
            : isHeadless ? "Nothing was written: run again with --yes to write the profile and the hwdb entry."
            : "Nothing was written (declined)."
        let entry = try CommandFailure.reporting {
            try CalibrationConclusion().conclude(run.calibration, confirmed: confirmed && !dryRun, unwritten: unwritten, install: install, log: log)
        }
        if hwdb { _ = Console.current.standardOutput.write(Array(entry.text.utf8)) }
    }
}
