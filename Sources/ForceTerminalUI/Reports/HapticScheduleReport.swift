import ForceCore
import ForceDevices

/// What `haptic play -v` shows before playing: the device and how the engine renders on it, the
/// kernel effects of the pattern, and for a long pattern the parts they play in, with their
/// start offsets.
package struct HapticScheduleReport {
    /// The lines.
    package let lines: [String]

    /// The report of `pattern` on `engine`'s device (its node `node`, its name `name`).
    /// - Throws: the engine's error rendering the pattern.
    package init(engine: HapticEngine, node: String, name: String, pattern: HapticPattern) throws(HapticDeviceError) {
        let parts = try engine.parts(for: pattern)
        let renderer = engine.renderer
        var lines = ["\(node) \"\(name)\": \(engine.device.capabilities.summary), \(engine.slotCapacity) slots, "
            + "\(renderer.effectType.rawValue) effects, pulses ≥ \(renderer.tuning.minimumDuration) ms"]
        if parts.count > 1 {
            for (index, part) in parts.enumerated() {
                lines.append("  part \(index + 1) of \(parts.count) \(part)")
                lines += part.effects.map { "    effect: \($0)" }
            }
        } else {
            lines += (parts.first?.effects ?? []).map { "  effect: \($0)" }
        }
        self.lines = lines
    }
}
