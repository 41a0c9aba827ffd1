import ForceCore
import ForceDevices
import ForceSession
import ForceSystem

/// `--haptics DEVICE`: the preview interaction's peek and pop on a force-feedback device, for
/// `replay`, `monitor` and `rate`.
///
/// Open it with the option's value (a node, part of a name, or `auto` for the first device you
/// may write to) and attach its `sink` to the session's pipeline; `close()` stops and erases the
/// effects. If the process ends without closing it, the kernel erases the effects when the
/// descriptor closes.
final class InteractionHaptics {
    /// The engine playing the feedback.
    let engine: HapticEngine
    /// The device node.
    let node: String
    /// The sink playing the peek and pop.
    let sink: HapticFeedbackSink
    private var reportedError = false

    /// Opens the device `argument` names and prepares the peek and pop on it, played through a
    /// sequencer on `loop`.
    static func open(_ argument: String, loop: EventLoop,
                     configuration: HapticEngineConfiguration = HapticEngineConfiguration()) throws -> InteractionHaptics {
        let info = try HapticDeviceResolver.resolve(argument)
        do {
            return InteractionHaptics(engine: try HapticEngine.open(path: info.node, configuration: HapticDeviceResolver.configuration(configuration, for: info)),
                                      node: info.node, loop: loop)
        } catch {
            throw CommandFailure("--haptics: \(CommandFailure.message(for: error))")
        }
    }

    init(engine: HapticEngine, node: String, loop: EventLoop) {
        self.engine = engine
        self.node = node
        sink = HapticFeedbackSink(engine: engine, loop: loop)
        engine.errorHandler = { [unowned self] error in
            // One message per session: a lost device would otherwise repeat it on every press.
            guard !self.reportedError else { return }
            self.reportedError = true
            Console.error("forcebridge: haptics: \(CommandFailure.message(for: error))")
        }
    }

    /// Watches the device on `loop`; `lost` runs once if it goes away.
    func watch(on loop: EventLoop, lost: @escaping () -> Void) throws {
        guard let descriptor = engine.device.fileDescriptor else { return }
        try loop.watch(descriptor) { [unowned self] in
            guard !self.engine.handleDeviceActivity() else { return }
            loop.unwatch(descriptor)
            lost()
        }
    }

    /// Stops and erases the effects and closes the device.
    func close() {
        sink.sequencer?.stop()
        engine.close()
    }
}
