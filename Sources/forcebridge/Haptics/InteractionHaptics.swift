import ForceCore
import ForceDevices

/// `--haptics DEVICE`: the preview interaction's peek and pop on a force-feedback device, for
/// `replay`, `monitor` and `rate`.
///
/// Open it with the option's value (a node, part of a name, or `auto` for the first device you
/// may write to), set it as the interaction's `feedback`, and keep it alive for the session
/// (the interaction holds it weakly); `close()` stops and erases the effects. If the process
/// ends without closing it, the kernel erases the effects when the descriptor closes.
final class InteractionHaptics: PreviewFeedback {
    /// The engine playing the feedback.
    let engine: HapticEngine
    /// The device node.
    let node: String
    private let haptics: PreviewHaptics
    private var reportedError = false

    /// Opens the device `argument` names and prepares the peek and pop on it.
    static func open(_ argument: String, configuration: HapticEngineConfiguration = HapticEngineConfiguration()) throws -> InteractionHaptics {
        let info = try HapticDeviceResolver.resolve(argument)
        do {
            return InteractionHaptics(engine: try HapticEngine.open(path: info.node, configuration: HapticDeviceResolver.configuration(configuration, for: info)), node: info.node)
        } catch {
            throw CleanExit.failure("--haptics: \(error)")
        }
    }

    init(engine: HapticEngine, node: String) {
        self.engine = engine
        self.node = node
        haptics = PreviewHaptics(player: engine)
        engine.errorHandler = { [unowned self] error in
            // One message per session: a lost device would otherwise repeat it on every press.
            guard !self.reportedError else { return }
            self.reportedError = true
            OutputWriter.error("forcebridge: haptics: \(error)")
        }
    }

    /// The device's descriptor: readable when it has something to say (e.g. it went away).
    var fileDescriptor: Int32 { engine.device.fileDescriptor }

    /// Call when `fileDescriptor` is readable; returns false once the device is gone.
    func handleDeviceActivity() -> Bool {
        engine.handleDeviceActivity()
    }

    func previewInteraction(_ interaction: PreviewInteraction, didReach moment: PreviewFeedbackMoment) {
        haptics.previewInteraction(interaction, didReach: moment)
    }

    /// Stops and erases the effects and closes the device.
    func close() {
        engine.close()
    }
}
