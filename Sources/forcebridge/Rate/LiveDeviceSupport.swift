import ForceCore

/// The seams where live input and haptics plug into `forcebridge rate`: a live device read
/// through ForceDevices (`LiveEventSource`), and the interaction's peek and pop played on a
/// force-feedback device (`InteractionHaptics`).
enum LiveDeviceSupport {
    /// Opens the input device named by `argument` (a node or part of a name) as an event source.
    static func openSource(path argument: String) throws -> any InputEventSource {
        try LiveEventSource(argument: argument)
    }

    /// Opens the force-feedback device `argument` names (a node, part of a name, or `auto`) for
    /// the interaction's peek and pop. Close it when the session ends.
    static func openFeedback(path argument: String) throws -> InteractionHaptics {
        try InteractionHaptics.open(argument)
    }
}
