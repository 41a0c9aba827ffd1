import ForceCore
import ForceDevices
import ForceSession
import Logging

/// The seat's devices, as udev lists them and as they come and go (`DeviceHotplug`): input read
/// through libevdev (`LiveDeviceSource`), force feedback through the kernel's `EV_FF`
/// (`HapticEngine` on `ForceFeedbackDevice`, tuned by the device's udev calibration).
public final class UdevDeviceProvider: ServiceDeviceProvider {
    public var deviceAppeared: ((ServiceDeviceOffer) -> Session?)?
    public var deviceDisappeared: ((String) -> Void)?

    private let logger: Logger
    private var hotplug: DeviceHotplug?
    private weak var runtime: SessionRuntime?

    /// A provider reporting what goes wrong to `logger` (the service's log by default).
    public init(logger: Logger? = nil) {
        self.logger = logger ?? .service
    }

    public func start(on runtime: SessionRuntime) throws {
        self.runtime = runtime
        do {
            let hotplug = try DeviceHotplug(runtime: runtime)
            hotplug.deviceAppeared = { [unowned self] info in self.deviceAppeared?(Self.offer(info)) }
            hotplug.deviceRemoved = { [unowned self] node in self.deviceDisappeared?(node) }
            hotplug.sessionFailed = { [unowned self] info, error in self.logger.warning("\(info.node): cannot serve it: \(error)") }
            self.hotplug = hotplug
        } catch {
            logger.warning("\(error); devices plugged in later will not be served")
        }
        for info in DeviceDiscovery.enumerate() {
            guard let session = deviceAppeared?(Self.offer(info)) else { continue }
            do { try runtime.start(session) } catch { logger.warning("\(info.node): cannot serve it: \(error)") }
        }
    }

    public func offerAgain(node: String) {
        guard let runtime, let info = DeviceDiscovery.device(atNode: node), let session = deviceAppeared?(Self.offer(info)) else { return }
        do { try runtime.start(session) } catch { logger.warning("\(info.node): cannot serve it: \(error)") }
    }

    /// What udev says of `info`, and how to open it.
    static func offer(_ info: InputDeviceInfo) -> ServiceDeviceOffer {
        ServiceDeviceOffer(node: info.node, description: info.description, classification: info.classification, access: info.access,
                           openInput: { try LiveDeviceSource(info) }, openHaptics: {
            var configuration = HapticEngineConfiguration()
            configuration.deviceCalibration = UdevDeviceSettings(udevProperties: info.udevProperties).haptics
            return try HapticEngine.open(path: info.node, configuration: configuration)
        }, openTwin: { try TwinIO.grab(node: info.node, udevProperties: info.udevProperties) })
    }
}
