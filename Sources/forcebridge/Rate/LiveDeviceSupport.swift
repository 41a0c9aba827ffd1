import ForceCore

/// The seams where live input and haptics plug into `forcebridge rate`.
///
/// `openSource` reads a live device through ForceDevices (`LiveEventSource`). `openFeedback`
/// plays the peek and pop on a force-feedback device once the haptics layer provides one; until
/// then it fails with a clear message rather than pretend.
enum LiveDeviceSupport {
    /// Why haptics cannot be used yet.
    static let unavailableMessage = "haptic feedback for rate is not available in this build"

    /// The error the haptics seam throws in this build.
    struct Unavailable: Error, CustomStringConvertible {
        /// The option that asked for a device.
        var option: String
        var description: String { "\(option): \(LiveDeviceSupport.unavailableMessage)" }
    }

    /// Opens the input device named by `argument` (a node or part of a name) as an event source.
    static func openSource(path argument: String) throws -> any InputEventSource {
        try LiveEventSource(argument: argument)
    }

    /// Opens the force-feedback device at `path` for the interaction's peek and pop.
    static func openFeedback(path: String) throws -> any PreviewFeedback {
        throw Unavailable(option: "--haptics \(path)")
    }
}
