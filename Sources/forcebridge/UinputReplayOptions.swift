import ArgumentParser

/// `replay`'s options for playing a recording into a uinput virtual device.
struct UinputReplayOptions: ParsableArguments {
    @Flag(name: .customLong("to-uinput"), help: ArgumentHelp(
        "Also play the events into a new virtual device (uinput) at the chosen speed; its node goes to standard error.",
        discussion: "Needs write access to /dev/uinput. Ctrl-C or SIGTERM stops playback and removes the device."))
    var isEnabled = false

    @Option(name: .customLong("wait-for-readers"), help: ArgumentHelp(
        "With --to-uinput: before the first event, wait until a program opens the device, at most SECONDS.",
        valueName: "SECONDS"))
    var waitForReaders: Double?

    @Option(name: .customLong("delay"), help: ArgumentHelp(
        "With --to-uinput: wait this long before the first event (after --wait-for-readers), so readers can get ready.",
        valueName: "SECONDS"))
    var delay: Double?

    @Option(name: .customLong("hold"), help: ArgumentHelp(
        "With --to-uinput: keep the device this long after the last event, so readers get the last events (default 0.5).",
        valueName: "SECONDS"))
    var hold: Double?

    /// How long the device stays after the last event.
    var holdSeconds: Double { hold ?? 0.5 }

    func validate() throws {
        if !isEnabled {
            if waitForReaders != nil { throw ValidationError("--wait-for-readers needs --to-uinput.") }
            if hold != nil { throw ValidationError("--hold needs --to-uinput.") }
            if delay != nil { throw ValidationError("--delay needs --to-uinput.") }
        }
        if let delay, !(delay >= 0 && delay.isFinite) { throw ValidationError("--delay must be 0 or more seconds.") }
        if let waitForReaders, !(waitForReaders >= 0 && waitForReaders.isFinite) {
            throw ValidationError("--wait-for-readers must be 0 or more seconds.")
        }
        if let hold, !(hold >= 0 && hold.isFinite) { throw ValidationError("--hold must be 0 or more seconds.") }
    }
}
