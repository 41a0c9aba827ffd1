import ForceDevices
import ForceSystem

/// The preview interaction's peek and pop on a force-feedback device (`--haptics DEVICE` of
/// `replay`, `monitor` and `rate`): an engine on the device and the sink playing on it.
///
/// Attach `sink` to the session's pipeline; `close()` stops and erases the effects. If the
/// process ends without closing it, the kernel erases the effects when the descriptor closes.
package final class InteractionHaptics {
    /// The engine playing the feedback.
    package let engine: HapticEngine
    /// The device node.
    package let node: String
    /// The sink playing the peek and pop.
    package let sink: HapticFeedbackSink
    private var reportedError = false

    /// Plays on `engine` (the device at `node`) through a sequencer on `loop`; the first error
    /// the engine meets goes to `errorHandler` (a lost device would otherwise repeat it on every
    /// press).
    package init(engine: HapticEngine, node: String, loop: EventLoop, errorHandler: @escaping (HapticDeviceError) -> Void) {
        self.engine = engine
        self.node = node
        sink = HapticFeedbackSink(engine: engine, loop: loop)
        engine.errorHandler = { [unowned self] error in
            guard !self.reportedError else { return }
            self.reportedError = true
            errorHandler(error)
        }
    }

    /// Watches the device on `loop`; `lost` runs once if it goes away.
    package func watch(on loop: EventLoop, lost: @escaping () -> Void) throws {
        guard let descriptor = engine.device.fileDescriptor else { return }
        try loop.watch(descriptor) { [unowned self] in
            guard !self.engine.handleDeviceActivity() else { return }
            loop.unwatch(descriptor)
            lost()
        }
    }

    /// Stops and erases the effects and closes the device.
    package func close() {
        sink.sequencer?.stop()
        engine.close()
    }
}
