import ForceCore
import ForceSystem

extension HapticSequencer {
    /// Why a pattern did not play to its end.
    package enum Interruption: Error {
        /// The device went away.
        case deviceLost
        /// A later part failed to start.
        case failed(HapticDeviceError)
    }

    /// Runs `loop` until the pattern started with `playPattern`, ending at `end` (monotonic µs),
    /// has played and the motor had 20 ms more, or the loop is stopped; then stops the sequencer.
    /// - Throws: an `Interruption` when the device goes away or a later part fails.
    package func waitForEnd(_ end: Int64, on loop: EventLoop) throws {
        var lost = false
        var failure: HapticDeviceError?
        errorHandler = { [unowned loop] error in
            failure = error
            loop.stop()
        }
        let engine = engine
        if let descriptor = engine.device.fileDescriptor {
            try loop.watch(descriptor) { [unowned loop] in
                guard !engine.handleDeviceActivity() else { return }
                lost = true
                loop.unwatch(descriptor)
                loop.stop()
            }
        }
        try loop.run(until: max(end, MonotonicClock.now()) + 20_000)
        stop()
        if lost { throw Interruption.deviceLost }
        if let failure { throw Interruption.failed(failure) }
    }
}
