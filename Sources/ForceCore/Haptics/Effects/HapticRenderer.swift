#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns haptic patterns into the kernel effects that play them on one device.
///
/// Each event becomes one effect whose `delay` is the event's start, so a whole pattern is
/// uploaded once and started with one `write` of all its play requests: the kernel (ff-memless)
/// or the device does the timing, not a userspace timer.
///
/// The mapping, for intensity `i` and sharpness `s` of an event (after the pattern's parameter
/// curves and, without device gain, the global strength):
/// - length: a continuous event lasts its duration; a transient lasts
///   `minimumDuration × (2 − s)` ms — crisp taps are as short as the motor allows, round ones
///   twice that. Nothing is shorter than `minimumDuration`.
/// - level: `m = minimumMagnitude + (1 − minimumMagnitude) × i` of full scale (0 stays 0).
/// - rumble, one motor: strong = weak = `m` (single-motor drivers play the strong magnitude, or
///   the weak one when the strong is 0, so both carry the level).
/// - rumble, two motors: sharpness cross-fades from the heavy motor to the light one. For
///   `s ≤ 0.5` strong = `m`, weak = `m × 2s`; above, weak = `m`, strong = `m × 2(1 − s)`.
/// - periodic: `FF_SQUARE` for `s ≥ 0.5` (crisp), `FF_SINE` below (round), or whichever the
///   device has; period from 60 ms (`s` = 0) down to 10 ms (`s` = 1) on a logarithmic scale;
///   magnitude `m × 0x7FFF`.
///
/// When a pattern has more events than the device has effect slots, neighbouring events merge
/// — the two closest in time first — until it fits: on a one-slot device a multi-pulse pattern
/// becomes one pulse spanning it, so its length still tells patterns apart.
public struct HapticRenderer: Hashable, Sendable {
    /// The effect type the renderer produces.
    public enum EffectType: String, Hashable, Sendable {
        case rumble, periodic
    }

    /// What the device can do.
    public let capabilities: HapticCapabilities
    /// How to render for it.
    public var tuning: HapticTuning
    /// The effect type in use.
    public private(set) var effectType: EffectType
    private var hasFallenBack = false

    /// Creates a renderer; fails when the device can play neither rumble nor periodic effects.
    public init(capabilities: HapticCapabilities, tuning: HapticTuning) throws(HapticRenderError) {
        guard capabilities.canVibrate else { throw .noVibrationEffects(capabilities: capabilities.summary) }
        self.capabilities = capabilities
        self.tuning = tuning
        switch tuning.effectPreference {
        case .automatic, .rumble:
            effectType = capabilities.supportsRumble ? .rumble : .periodic
        case .periodic:
            effectType = capabilities.supportsPeriodic ? .periodic : .rumble
        }
    }

    /// Switches to the other effect type after the device refused this one, if the device
    /// advertises it and the renderer has not switched before. Returns whether it switched.
    public mutating func fallBack() -> Bool {
        guard !hasFallenBack else { return false }
        switch effectType {
        case .rumble where capabilities.supportsPeriodic: effectType = .periodic
        case .periodic where capabilities.supportsRumble: effectType = .rumble
        default: return false
        }
        hasFallenBack = true
        return true
    }

    /// The length of a transient event of sharpness `s`, in ms.
    public func transientLength(sharpness: Double) -> Int {
        Int((Double(tuning.minimumDuration) * (2 - HapticEvent.unit(sharpness))).rounded())
    }

    /// The level (fraction of full scale) for intensity `i`: 0 for 0, else at least the minimum magnitude.
    public func level(intensity: Double) -> Double {
        let i = HapticEvent.unit(intensity)
        guard i > 0 else { return 0 }
        return tuning.minimumMagnitude + (1 - tuning.minimumMagnitude) * i
    }

    /// The effect for one pulse.
    public func effect(intensity: Double, sharpness: Double, length: Int, delay: Int) -> HapticEffect {
        let m = level(intensity: intensity)
        let s = HapticEvent.unit(sharpness)
        switch effectType {
        case .rumble:
            let strong: Double
            let weak: Double
            if capabilities.motorLayout == .single {
                (strong, weak) = (m, m)
            } else if s <= 0.5 {
                (strong, weak) = (m, m * 2 * s)
            } else {
                (strong, weak) = (m * 2 * (1 - s), m)
            }
            return HapticEffect(kind: .rumble(strong: Self.fullScale(strong), weak: Self.fullScale(weak)), length: length, delay: delay)
        case .periodic:
            let period = exp(log(60.0) + (log(10.0) - log(60.0)) * s).rounded()
            let magnitude = Int16((m * 32767).rounded())
            return HapticEffect(kind: .periodic(waveform: waveform(sharpness: s), period: UInt16(period), magnitude: magnitude),
                                length: length, delay: delay)
        }
    }

    /// The waveform for sharpness `s` among those the device has.
    public func waveform(sharpness s: Double) -> HapticEffect.Waveform {
        let order: [HapticEffect.Waveform] = s >= 0.5
            ? [.square, .triangle, .sine, .sawUp, .sawDown]
            : [.sine, .triangle, .square, .sawDown, .sawUp]
        return order.first { capabilities.waveforms.contains($0) } ?? order[0]
    }

    /// The effects that play `pattern`, at most `maximumEffects` of them (at least 1), in start
    /// order. An empty result means there is nothing to feel (no events, or strength 0). Fails
    /// for a pattern with an event starting after the kernel's delay limit: play those in parts
    /// (`renderParts`).
    public func render(_ pattern: HapticPattern, maximumEffects: Int) throws(HapticRenderError) -> [HapticEffect] {
        let pulses = try self.pulses(of: pattern)
        if let late = pulses.first(where: { $0.start.rounded() > Double(HapticEffect.maximumMilliseconds) }) {
            throw .startsTooLate(seconds: late.start / 1000, limit: Double(HapticEffect.maximumMilliseconds) / 1000)
        }
        return effects(of: pulses, offset: 0, maximumEffects: maximumEffects)
    }

    /// The parts that play `pattern` (`HapticPatternPart`), in order: one part holding what
    /// `render` makes when every event starts within the kernel's delay limit, else a part per
    /// `HapticPatternPart.span` that holds anything, each of at most half of `maximumEffects`
    /// (at least 1), so that a part can be uploaded while the one before plays. Empty when there
    /// is nothing to feel. Fails only for an event starting after `HapticPatternPart.latestStart`.
    public func renderParts(_ pattern: HapticPattern, maximumEffects: Int) throws(HapticRenderError) -> [HapticPatternPart] {
        let pulses = try self.pulses(of: pattern)
        guard pulses.contains(where: { $0.start.rounded() > Double(HapticEffect.maximumMilliseconds) }) else {
            let effects = effects(of: pulses, offset: 0, maximumEffects: maximumEffects)
            return effects.isEmpty ? [] : [HapticPatternPart(offset: 0, effects: effects)]
        }
        let span = Double(HapticPatternPart.span)
        var byPart: [Int: [Pulse]] = [:]
        for pulse in pulses {
            // Cut at every part boundary the pulse crosses.
            var piece = pulse
            while true {
                let part = Int(piece.start / span)
                let boundary = Double(part + 1) * span
                guard piece.end > boundary else {
                    byPart[part, default: []].append(piece)
                    break
                }
                var head = piece
                head.length = boundary - piece.start
                byPart[part, default: []].append(head)
                piece.length = piece.end - boundary
                piece.start = boundary
            }
        }
        return byPart.keys.sorted().compactMap { part in
            let offset = part * HapticPatternPart.span
            let effects = effects(of: byPart[part] ?? [], offset: Double(offset), maximumEffects: max(1, maximumEffects / 2))
            return effects.isEmpty ? nil : HapticPatternPart(offset: offset, effects: effects)
        }
    }

    /// The pattern's events as pulses (times in ms from the pattern's start), each at most the
    /// kernel's longest effect (longer events become consecutive pieces).
    private func pulses(of pattern: HapticPattern) throws(HapticRenderError) -> [Pulse] {
        let strength = tuning.appliesStrengthToMagnitudes ? tuning.strength : 1
        guard strength > 0 else { return [] }
        let resolution = Double(max(tuning.minimumDuration, 20)) / 1000
        var pulses: [Pulse] = []
        for event in pattern.resolvedEvents(resolution: resolution) {
            guard event.time <= HapticPatternPart.latestStart else {
                throw .startsTooLate(seconds: event.time, limit: HapticPatternPart.latestStart)
            }
            let start = event.time * 1000
            let length = event.isTransient
                ? Double(transientLength(sharpness: event.sharpness))
                : max(Double(tuning.minimumDuration), event.duration * 1000)
            var offset = 0.0
            repeat {
                let pieceLength = min(Double(HapticEffect.maximumMilliseconds), length - offset)
                pulses.append(Pulse(start: start + offset, length: pieceLength, intensity: event.intensity * strength,
                                    sharpness: event.sharpness, containsTransient: event.isTransient))
                offset += pieceLength
            } while offset < length
        }
        return pulses
    }

    /// At most `maximumEffects` effects (at least 1) playing `pulses`, timed from `offset` ms.
    private func effects(of pulses: [Pulse], offset: Double, maximumEffects: Int) -> [HapticEffect] {
        var pulses = pulses
        Pulse.merge(&pulses, toAtMost: max(1, maximumEffects))
        var effects: [HapticEffect] = []
        for pulse in pulses where pulse.intensity > 0 {
            // Rounding both ends (not start and length) keeps consecutive pieces back to back.
            let delay = Int((pulse.start - offset).rounded())
            let effect = effect(intensity: pulse.intensity, sharpness: pulse.sharpness,
                                length: Int((pulse.end - offset).rounded()) - delay, delay: delay)
            if !effects.contains(effect) { effects.append(effect) }
        }
        return effects
    }

    private static func fullScale(_ fraction: Double) -> UInt16 {
        UInt16((HapticEvent.unit(fraction) * 65535).rounded())
    }
}

/// One stretch of vibration while rendering (times in ms).
struct Pulse: Hashable {
    var start: Double
    var length: Double
    var intensity: Double
    var sharpness: Double
    /// Whether a transient is (or was merged into) this pulse.
    var containsTransient: Bool

    var end: Double { start + length }

    /// Merges neighbours until at most `limit` pulses remain: the pair with the smallest gap
    /// first, ties broken by the shorter combined length, then by earlier start.
    static func merge(_ pulses: inout [Pulse], toAtMost limit: Int) {
        pulses.sort { ($0.start, $0.length) < ($1.start, $1.length) }
        while pulses.count > limit {
            var best = 0
            var bestKey = (Double.infinity, Double.infinity)
            for index in 0..<(pulses.count - 1) {
                let gap = max(0, pulses[index + 1].start - pulses[index].end)
                let key = (gap, pulses[index].length + pulses[index + 1].length)
                if key < bestKey { bestKey = key; best = index }
            }
            pulses[best] = pulses[best].merged(with: pulses[best + 1])
            pulses.remove(at: best + 1)
        }
    }

    /// One continuous pulse covering both: the stronger intensity when a transient is involved
    /// (a tap must not fade into what it merges with), else the length-weighted mean.
    func merged(with other: Pulse) -> Pulse {
        let start = min(self.start, other.start)
        let end = max(self.end, other.end)
        let total = length + other.length
        let weighted = { (a: Double, b: Double) in total > 0 ? (a * self.length + b * other.length) / total : max(a, b) }
        let intensity = containsTransient || other.containsTransient ? max(self.intensity, other.intensity) : weighted(self.intensity, other.intensity)
        return Pulse(start: start, length: end - start, intensity: intensity,
                     sharpness: weighted(sharpness, other.sharpness), containsTransient: containsTransient || other.containsTransient)
    }
}
