import ForceCore

/// The original device an argument of `forcebridge twin` names, among the devices there are: a
/// twin's node names its original; a node or part of a name names the one device that matches
/// and is not a twin.
public enum TwinOriginal {
    /// Why an argument names no original.
    public enum Failure: Error, Equatable, Sendable {
        /// The argument is a twin's node whose original is gone.
        case originalGone
        /// No device, or several, match; the caller explains which (`DeviceQuery`).
        case notOneMatch
    }

    /// The original `argument` names among `devices`.
    public static func named(_ argument: String, among devices: [InputDeviceInfo]) throws(Failure) -> InputDeviceInfo {
        if let twin = devices.first(where: { $0.node == argument }), let marker = twin.description.twinMarker {
            guard let original = devices.first(where: { $0.sysname == marker.original && !$0.description.isTwin }) else {
                throw .originalGone
            }
            return original
        }
        let found = DeviceQuery(argument: argument).matches(in: devices.filter { !$0.description.isTwin })
        guard found.count == 1, let device = found.first else { throw .notOneMatch }
        return device
    }
}
