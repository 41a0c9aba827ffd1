import ArgumentParser
import ForceCommandLine
import ForceCore
import ForceDevices

extension DeviceQuery {
    /// Resolves to exactly one device (`DeviceDiscovery.inputDevice`), or explains what went wrong.
    func resolve(allowNonTouch: Bool) throws -> InputDeviceInfo {
        do {
            return try DeviceDiscovery.inputDevice(argument, allowingNonTouch: allowNonTouch)
        } catch let error as InputDeviceChoiceError {
            throw Self.advised(error)
        }
    }

    /// The touchscreen, touchpad or pen `argument` names (a node or part of a name), or the first
    /// one present when it is nil; keyboards and mice are refused with advice.
    static func touchDevice(_ argument: String?) throws -> InputDeviceInfo {
        do {
            return try DeviceDiscovery.touchDevice(argument)
        } catch let error as InputDeviceChoiceError {
            throw advised(error)
        }
    }

    /// `error` with what to do about it, as the parser's error (with usage) where the argument is at fault.
    private static func advised(_ error: InputDeviceChoiceError) -> any Error {
        switch error {
        case .unknownToUdev: return ValidationError(error.description)
        case .noMatch: return ValidationError(error.description + " 'forcebridge list' shows every device.")
        case .several: return ValidationError(error.description + " Name one by its node.")
        case .notTouch: return AdvisedError(description: error.description + " Pass --allow-non-touch if you really mean to.")
        case .noTouchDevice: return CommandFailure(error.description + "; plug one in, or name its node ('forcebridge list' shows the devices)")
        }
    }
}
