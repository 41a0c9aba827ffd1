import ForceCore
import ForceDevices
import ForceSession
import ForceSystem
import Logging

/// The motor a page plays on: the shown device's own force feedback, when it has rumble or
/// periodic effects this user may write to (a phone's touchscreen and its vibrator are often one
/// device). A recording, or a device without force feedback, has none: the page's haptics are
/// then only reported, as `view-feedback` lines.
enum PageMotor {
    /// The shown device's motor, opened and timed by `loop`, with the interaction's peek and
    /// pop attached to `session`'s pipeline as `rate --haptics` attaches them; nil when there
    /// is none or it cannot be opened (said in the diagnostics).
    static func open(for session: Session, on loop: EventLoop) -> InteractionHaptics? {
        guard let live = session.source as? LiveDeviceSource,
              let info = DeviceDiscovery.hapticDevices().first(where: { $0.node == live.node }), info.access.canWrite else { return nil }
        do {
            let engine = try HapticEngine.open(path: info.node, configuration: HapticEngineConfiguration().calibrated(for: info))
            let haptics = InteractionHaptics(engine: engine, node: info.node, loop: loop) { error in
                Logger.view.error("haptics failed", metadata: ["device": "\(info.node)", "error": "\(error)"])
            }
            session.pipeline.attach(haptics.sink)
            return haptics
        } catch {
            Logger.view.warning("cannot open the device's motor", metadata: ["device": "\(info.node)", "error": "\(error)"])
            return nil
        }
    }
}
