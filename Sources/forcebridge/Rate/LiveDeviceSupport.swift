import ForceCore

/// The seams where live input and haptics plug into `forcebridge rate`.
///
/// The device layer (the `ForceDevices` target: libevdev reader, force-feedback device) is not
/// part of this build, so both seams fail with `unavailableMessage` rather than pretend. When it
/// is, `openSource` returns an `InputEventSource` reading the device node (its
/// `DeviceDescription` from the kernel, events stamped with `CLOCK_MONOTONIC`, polled with the
/// given timeout so the terminal UI stays responsive), and `openFeedback` a `PreviewFeedback`
/// that plays the peek and pop on the force-feedback device. `rate` already wires both: the
/// source feeds the same overlay a replay feeds, and the feedback is set as the interaction's
/// `feedback` and kept alive for the session.
enum LiveDeviceSupport {
    /// Why live devices cannot be used.
    static let unavailableMessage = "live devices need ForceDevices: not available in this build"

    /// The error both seams throw in this build.
    struct Unavailable: Error, CustomStringConvertible {
        /// The option that asked for a device.
        var option: String
        var description: String { "\(option): \(LiveDeviceSupport.unavailableMessage)" }
    }

    /// Opens the input device at `path` as an event source.
    static func openSource(path: String) throws -> any InputEventSource {
        throw Unavailable(option: "--device \(path)")
    }

    /// Opens the force-feedback device at `path` for the interaction's peek and pop.
    static func openFeedback(path: String) throws -> any PreviewFeedback {
        throw Unavailable(option: "--haptics \(path)")
    }
}
