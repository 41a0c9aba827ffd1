import ForceCore

/// Follows each touch of a session's frames for `RecordingAnalysis`: when it began and ended,
/// how, its frames, peak force and raw pressures.
struct ContactCollector {
    struct Contact {
        var identifier: Int
        var slot: Int
        var tool: ToolType
        var start: Double
        var end: Double?
        var ending: ContactAnalysis.Ending?
        var frames = 0
        var peakForce = 0.0
        var peakRawPressure: Int32 = .min
        var rawPressures: [Int32] = []
    }

    private(set) var contacts: [Contact] = []
    private var indices: [Int: Int] = [:]

    /// Takes a frame's `touches` at `seconds` since the first event; `isFinishing` when the
    /// pipeline cancels what is left at the end of the recording.
    mutating func add(_ touches: [Touch], at seconds: Double, isFinishing: Bool) {
        for touch in touches {
            let index = indices[touch.identifier] ?? {
                indices[touch.identifier] = contacts.count
                contacts.append(Contact(identifier: touch.identifier, slot: touch.slot, tool: touch.tool, start: seconds))
                return contacts.count - 1
            }()
            contacts[index].frames += 1
            if touch.phase.isTerminal {
                contacts[index].end = seconds
                contacts[index].ending = isFinishing ? .endOfRecording
                    : touch.tool == .palm ? .palm : touch.phase == .ended ? .lifted : .cancelled
            } else {
                contacts[index].peakForce = max(contacts[index].peakForce, touch.force)
                contacts[index].peakRawPressure = max(contacts[index].peakRawPressure, touch.rawPressure)
                contacts[index].rawPressures.append(touch.rawPressure)
            }
        }
    }
}
