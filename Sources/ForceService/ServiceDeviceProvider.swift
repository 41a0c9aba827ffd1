import ForceCore
import ForceDevices
import ForceSession
import Logging

/// A device offered to the service: what it is, whether this user may use it, and how to open
/// its input and its force feedback. The service decides what it serves (touch and tablet input
/// it may read, motors it may write to; never keyboards or mice) and opens only that.
public struct ServiceDeviceOffer {
    /// The name clients use for the device (`/dev/input/event5`).
    public var node: String
    /// What the device is.
    public var description: DeviceDescription
    /// How it is classified (touchscreen, tablet, keyboard, …).
    public var classification: DeviceClassification
    /// Whether this user may read its events and write its force feedback.
    public var access: DeviceAccess
    /// Opens the device's events as a session's input.
    public var openInput: () throws -> any InputSource
    /// Opens the device's force feedback.
    public var openHaptics: () throws -> HapticEngine
    /// Grabs the device and creates its twin (`forcebridge serve --twin`); nil where the device
    /// cannot be grabbed.
    public var openTwin: (() throws -> TwinIO)?

    /// An offer.
    public init(node: String, description: DeviceDescription, classification: DeviceClassification, access: DeviceAccess,
                openInput: @escaping () throws -> any InputSource, openHaptics: @escaping () throws -> HapticEngine,
                openTwin: (() throws -> TwinIO)? = nil) {
        self.node = node
        self.description = description
        self.classification = classification
        self.access = access
        self.openInput = openInput
        self.openHaptics = openHaptics
        self.openTwin = openTwin
    }

    /// What the log says of the device.
    var logMetadata: Logger.Metadata {
        ["node": "\(node)", "name": "\(description.name)", "kind": "\(classification.kind.rawValue)"]
    }
}

/// Where a service's devices come from: udev and evdev in production (`UdevDeviceProvider`),
/// anything that produces sessions and force-feedback outputs elsewhere (tests serve
/// recordings and a simulated motor).
///
/// Once started, the provider offers every device there is and each one that appears later
/// (`deviceAppeared`), and starts on the runtime the session the service returns for it. A
/// device that goes away ends its session (its sources end as `.deviceLost`) and is reported
/// with `deviceDisappeared`, so that the service forgets its motor.
public protocol ServiceDeviceProvider: AnyObject {
    /// Called with each device offered; returns the session to start for it, or nil.
    var deviceAppeared: ((ServiceDeviceOffer) -> Session?)? { get set }
    /// Called with the node of a device that went away.
    var deviceDisappeared: ((String) -> Void)? { get set }
    /// Starts offering devices on `runtime`'s loop: those there now, then those that come.
    func start(on runtime: SessionRuntime) throws
    /// Offers the device at `node` again, if it is there (an original whose twin went away: it
    /// reads again).
    func offerAgain(node: String)
}

extension ServiceDeviceProvider {
    public func offerAgain(node: String) {}
}
