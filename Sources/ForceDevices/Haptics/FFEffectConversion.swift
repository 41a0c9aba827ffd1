import CEvdev
import ForceCore

/// Conversions between ForceBridge's effect descriptions and the kernel's `struct ff_effect`.
enum FFEffectConversion {
    /// The kernel structure for `effect`, with `id` (-1 to allocate a new slot).
    static func kernelEffect(_ effect: HapticEffect, id: Int16) -> ff_effect {
        var kernel = ff_effect()
        kernel.id = id
        kernel.direction = 0
        kernel.replay.length = effect.length
        kernel.replay.delay = effect.delay
        switch effect.kind {
        case .rumble(let strong, let weak):
            kernel.type = UInt16(FF_RUMBLE)
            kernel.u.rumble.strong_magnitude = strong
            kernel.u.rumble.weak_magnitude = weak
        case .periodic(let waveform, let period, let magnitude):
            kernel.type = UInt16(FF_PERIODIC)
            kernel.u.periodic.waveform = waveform.rawValue
            kernel.u.periodic.period = period
            kernel.u.periodic.magnitude = magnitude
            kernel.u.periodic.offset = 0
            kernel.u.periodic.phase = 0
            kernel.u.periodic.custom_len = 0
            kernel.u.periodic.custom_data = nil
        }
        return kernel
    }

    /// The description of a kernel effect, if it is a rumble or periodic effect ForceBridge knows.
    static func effect(_ kernel: ff_effect) -> HapticEffect? {
        switch Int32(kernel.type) {
        case FF_RUMBLE:
            return HapticEffect(kind: .rumble(strong: kernel.u.rumble.strong_magnitude, weak: kernel.u.rumble.weak_magnitude),
                                length: Int(kernel.replay.length), delay: Int(kernel.replay.delay))
        case FF_PERIODIC:
            guard let waveform = HapticEffect.Waveform(rawValue: kernel.u.periodic.waveform) else { return nil }
            return HapticEffect(kind: .periodic(waveform: waveform, period: kernel.u.periodic.period, magnitude: kernel.u.periodic.magnitude),
                                length: Int(kernel.replay.length), delay: Int(kernel.replay.delay))
        default:
            return nil
        }
    }
}
