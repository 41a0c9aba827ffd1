import ForceDevices

extension DeviceRecorder.Ending {
    /// Why the recording of the device at `node` ended, for messages
    /// (`/dev/input/event5 went away`).
    package func reason(node: String) -> String {
        switch self {
        case .deviceLost: return "\(node) went away"
        case .readFailed(let code): return "reading \(node) failed: \(DeviceError.message(for: code))"
        case .writeFailed(let error): return error
        }
    }
}
