import ForceRecording
import ForceSession
import ArgumentParser
import ForceCommandLine
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
        for (seconds, option) in [(waitForReaders, "--wait-for-readers"), (hold, "--hold"), (delay, "--delay")] where !isEnabled && seconds != nil {
            throw ValidationError("\(option) needs --to-uinput.")
        }
        for (seconds, option) in [(delay, "--delay"), (waitForReaders, "--wait-for-readers"), (hold, "--hold")] {
            if let seconds, !(seconds >= 0 && seconds.isFinite) { throw ValidationError("\(option) must be 0 or more seconds.") }
        }
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
        Self.say(mirror.startNotices)
        if waitForReaders != nil { mirror.readerWaitDidTimeOut = { [unowned mirror] in Self.say([mirror.readerWaitTimeoutNotice]) } }
        return mirror
    }

    /// After the session: keeps the device `hold` seconds (unless stopped), removes it, and says
    /// so on standard error.
    func finish(_ mirror: UinputMirrorSource, hold: Double, on loop: EventLoop) throws {
        try CommandFailure.reporting { try mirror.finish(hold: hold, on: loop) }
        Self.say(mirror.finishNotices)
    }

    private static func say(_ notices: [MirrorNotice]) {
        for notice in notices {
            switch notice {
            case .news(let line): Console.error(line)
            case .warning(let line): Console.error("forcebridge: warning: \(line)")
            }
        }
    }
}
