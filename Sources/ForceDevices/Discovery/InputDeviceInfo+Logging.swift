import ForceSystem
import ForceCore
import Logging

extension InputDeviceInfo {
    /// The device as log metadata: its node, name and kind.
    package var logMetadata: Logger.Metadata {
        ["node": "\(node)", "name": "\(description.name)", "kind": "\(kind.rawValue)"]
    }
}
