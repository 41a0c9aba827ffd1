import ForceCore
import ForceDevices
import ForceSession
import ForceSystem
import Glibc

/// `haptic play`'s run: one feedback played on a device and waited for to its end, said on an
/// output as it starts, on a loop that Ctrl-C and SIGTERM stop.
package final class HapticPlay {
    /// The loop the pattern's later parts and the wait run on.
    package let loop: EventLoop
    /// The signal that stopped the wait, if one did.
    package private(set) var caughtSignal: Int32?

    /// A loop watching SIGINT and SIGTERM: made first, before any thread exists, so that every
    /// thread inherits the blocked mask.
    /// - Throws: a `SystemError` when the loop or its signals cannot be set up.
    package init() throws {
        let loop = try EventLoop()
        self.loop = loop
        try loop.handleSignals([SIGINT, SIGTERM]) { [unowned self, unowned loop] number in
            caughtSignal = number
            loop.stop()
        }
    }

    /// Plays `request` on `engine` (the device `node` named `name`) and waits for its end or a
    /// signal; with `verbose`, the kernel effects first. Says on `output` what plays and how
    /// long, or that there is nothing to play.
    /// - Throws: the `HapticDeviceError` of a failed upload or play, or `deviceLost` when the
    ///   device goes away; a `SystemError` when the loop fails.
    package func play(_ request: FeedbackRequest, on engine: HapticEngine, node: String, name: String, verbose: Bool,
                      output: TextOutput) throws {
        let sequencer = HapticSequencer(engine: engine, loop: loop)
        if verbose {
            for line in try HapticScheduleReport(engine: engine, node: node, name: name, pattern: request.pattern).lines { output.line(line) }
        }
        guard case .started(_, let end) = try sequencer.playPattern(request.pattern, priority: request.priority) else {
            output.line("Nothing to play: \(request.name) has no haptic events at a non-zero intensity and strength.")
            return
        }
        output.line("Playing \(request.name) on \(node) \"\(name)\" (\((Double(end - MonotonicClock.now()) / 1000).rounded() / 1000) s).")
        do {
            try sequencer.waitForEnd(end, on: loop)
        } catch HapticSequencer.Interruption.deviceLost {
            throw HapticDeviceError.deviceLost(path: node)
        } catch HapticSequencer.Interruption.failed(let failure) {
            throw failure
        }
    }
}
