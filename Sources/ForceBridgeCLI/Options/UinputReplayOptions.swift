import ForceDevices
import ForceRecording
import ForceSession
import ArgumentParser
import ForceCore
import ForceSystem

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

extension UinputReplayOptions {
    /// With `--to-uinput`: the source mirroring `reader` into a new virtual device, announced on
    /// standard error. Failures end the command with a one-line error.
    func makeSource(for reader: sending any RecordingReader, speed: ReplaySpeed) throws -> UinputMirrorSource {
        let mirror: UinputMirrorSource
        do {
            mirror = try UinputMirrorSource(reader: reader, speed: speed, waitingForReaders: waitForReaders, delay: delay)
        } catch {
            throw CommandFailure(error)
        }
        let node = mirror.node
        Console.error("Created \(node) \"\(mirror.device.name)\" (uinput); replaying at \(speed). Ctrl-C stops and removes it.")
        if speed == .maximum {
            Console.error("forcebridge: warning: --speed max writes without pausing: a program reading \(node) "
                + "that falls behind loses events (the kernel reports SYN_DROPPED)")
        }
        if let waitForReaders {
            let seconds = NumberFormat.trimmed(waitForReaders, decimals: 3)
            Console.error("Waiting up to \(seconds) s for a program to open \(node).")
            mirror.readerWaitDidTimeOut = {
                Console.error("forcebridge: warning: no program opened \(node) within \(seconds) s; replaying anyway")
            }
        }
        return mirror
    }

    /// After the session: keeps the device `hold` seconds (unless stopped), removes it, and says
    /// so on standard error.
    func finish(_ mirror: UinputMirrorSource, hold: Double, on loop: EventLoop) throws {
        do {
            try mirror.finish(hold: hold, on: loop)
        } catch {
            throw CommandFailure(error)
        }
        if mirror.droppedMarkers > 0 {
            Console.error("forcebridge: warning: the recording marks \(DeviceReport.plural(mirror.droppedMarkers, "SYN_DROPPED gap", "SYN_DROPPED gaps")); "
                + "the markers were left out of \(mirror.node) and the events after each were written as an ordinary frame")
        }
        let written = DeviceReport.plural(mirror.writtenFrames, "frame", "frames")
        Console.error(mirror.isInterrupted ? "Stopped: removed \(mirror.node) after writing \(written)." : "Removed \(mirror.node) after writing \(written).")
    }
}
