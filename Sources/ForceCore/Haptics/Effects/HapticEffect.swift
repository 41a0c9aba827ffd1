/// One kernel force-feedback effect as ForceBridge uploads it (`struct ff_effect`), without the
/// id the kernel assigns: the description a slot holds.
///
/// Only the two effect types that make vibration are used: `FF_RUMBLE` (a strong and a weak
/// motor magnitude) and `FF_PERIODIC` (a waveform with a period and magnitude). Times are
/// milliseconds and, as the kernel requires, never exceed `maximumMilliseconds` (0x7FFF): the
/// initializer clamps them. `delay` is how long after the play request the effect starts, which
/// is how a pattern's timing is left to the kernel (or the device).
public struct HapticEffect: Hashable, Sendable, CustomStringConvertible {
    /// Waveforms of periodic effects (`FF_SQUARE` ... `FF_SAW_DOWN`).
    public enum Waveform: UInt16, CaseIterable, Hashable, Sendable, Comparable {
        case square = 0x58
        case triangle = 0x59
        case sine = 0x5a
        case sawUp = 0x5b
        case sawDown = 0x5c

        /// The kernel's name (`FF_SINE`).
        public var kernelName: String {
            switch self {
            case .square: return "FF_SQUARE"
            case .triangle: return "FF_TRIANGLE"
            case .sine: return "FF_SINE"
            case .sawUp: return "FF_SAW_UP"
            case .sawDown: return "FF_SAW_DOWN"
            }
        }

        public static func < (lhs: Waveform, rhs: Waveform) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What the effect does.
    public enum Kind: Hashable, Sendable {
        /// `FF_RUMBLE`: magnitudes (0...0xFFFF) of the heavy, low-frequency motor and the light,
        /// high-frequency one.
        case rumble(strong: UInt16, weak: UInt16)
        /// `FF_PERIODIC`: a wave of `period` ms and peak `magnitude` (0...0x7FFF).
        case periodic(waveform: Waveform, period: UInt16, magnitude: Int16)
    }

    /// The longest length or delay the kernel accepts, in milliseconds (`0x7FFF`).
    public static let maximumMilliseconds: UInt16 = 0x7FFF

    /// What the effect does.
    public var kind: Kind
    /// How long it plays, in ms (1...0x7FFF; the kernel reads 0 as "forever", which ForceBridge never uploads).
    public private(set) var length: UInt16
    /// How long after the play request it starts, in ms (0...0x7FFF).
    public private(set) var delay: UInt16

    /// Creates an effect; `length` is clamped to 1...0x7FFF and `delay` to 0...0x7FFF.
    public init(kind: Kind, length: Int, delay: Int = 0) {
        self.kind = kind
        self.length = UInt16(min(Int(Self.maximumMilliseconds), max(1, length)))
        self.delay = UInt16(min(Int(Self.maximumMilliseconds), max(0, delay)))
    }

    /// The kernel's effect type code (`FF_RUMBLE` 0x50 or `FF_PERIODIC` 0x51).
    public var typeCode: EventCode {
        switch kind {
        case .rumble: return FFCode.rumble
        case .periodic: return FFCode.periodic
        }
    }

    /// Effects with equal keys can replace one another in a slot with an update (`EVIOCSFF`
    /// with the old id): the kernel refuses to change an effect's type or waveform in place.
    public var compatibilityKey: UInt32 {
        switch kind {
        case .rumble: return UInt32(FFCode.rumble.rawValue) << 16
        case .periodic(let waveform, _, _): return UInt32(FFCode.periodic.rawValue) << 16 | UInt32(waveform.rawValue)
        }
    }

    /// When the effect stops, in ms after the play request.
    public var end: Int { Int(delay) + Int(length) }

    /// The effect's strength as a fraction of the largest possible (0...1).
    public var level: Double {
        switch kind {
        case .rumble(let strong, let weak): return Double(max(strong, weak)) / 65535
        case .periodic(_, _, let magnitude): return Double(abs(Int(magnitude))) / 32767
        }
    }

    public var description: String {
        let what: String
        switch kind {
        case .rumble(let strong, let weak):
            what = "rumble strong \(strong) weak \(weak)"
        case .periodic(let waveform, let period, let magnitude):
            what = "periodic \(waveform.kernelName) period \(period) ms magnitude \(magnitude)"
        }
        return "\(what), \(length) ms" + (delay > 0 ? " after \(delay) ms" : "")
    }
}
