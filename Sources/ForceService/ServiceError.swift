import ForceBus
import ForceCore
import ForceDevices
import SystemPackage

/// The errors the service answers calls with, named under `org.forcebridge.ForceBridge1.Error`.
enum ServiceError {
    static let prefix = ServiceNames.interface + ".Error."

    /// No device (input or motor) matches `device`.
    static func noSuchDevice(_ device: String, among nodes: [String]) -> BusError {
        BusError(name: prefix + "NoSuchDevice",
                 message: "no device matches '\(device)'" + (nodes.isEmpty ? "; there is none" : "; devices: \(nodes.joined(separator: ", "))"),
                 errno: .noSuchAddressOrDevice)
    }

    /// There is no force-feedback motor to play on.
    static func noMotor() -> BusError {
        BusError(name: prefix + "NoHaptics", message: "no force-feedback device this user may write to", errno: .noSuchAddressOrDevice)
    }

    /// There is no touch or tablet device to subscribe to.
    static func noInputDevice() -> BusError {
        BusError(name: prefix + "NoSuchDevice", message: "no touch or tablet device is being served", errno: .noSuchAddressOrDevice)
    }

    /// The motor refused.
    static func haptics(_ error: HapticDeviceError) -> BusError {
        BusError(name: prefix + "HapticsFailed", message: "\(error)")
    }

    /// An AHAP pattern that cannot be read: line, column and element.
    static func invalidPattern(_ error: AHAPError) -> BusError {
        BusError(name: prefix + "InvalidPattern", message: "\(error)", errno: .invalidArgument)
    }

    /// The client asked for haptics faster than its limit.
    static func rateLimited(_ client: String) -> BusError {
        .limitsExceeded("\(client) asked for haptics faster than its limit; try again shortly")
    }
}
