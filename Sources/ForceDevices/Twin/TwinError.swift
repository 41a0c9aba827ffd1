/// Why a device cannot be twinned: the facts (which node, what stands in the way). What to do
/// about it is for the program showing the error to say.
public enum TwinError: Error, CustomStringConvertible, Equatable, Sendable {
    /// ForceBridge does not twin this device (`TwinEligibility`'s one-line reason).
    case refused(path: String, reason: String)
    /// Another program holds the device's grab (`EVIOCGRAB` failed with `EBUSY`); `holders` are
    /// the programs that have it open, as far as this user can see (`/proc`).
    case grabbedElsewhere(path: String, name: String, holders: [String])
    /// Opening, grabbing or copying the device failed.
    case device(DeviceError)

    public var description: String {
        switch self {
        case .refused(let path, let reason):
            return "\(path): not twinned: \(reason)."
        case .grabbedElsewhere(let path, let name, let holders):
            let who = holders.isEmpty ? "" : " (programs holding it open: \(holders.joined(separator: ", ")))"
            return "\(path) (\"\(name)\") is grabbed by another program, which alone receives its events\(who); a twin needs the grab."
        case .device(let error):
            return error.description
        }
    }
}
