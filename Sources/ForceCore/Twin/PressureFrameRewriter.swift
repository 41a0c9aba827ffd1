/// Rewrites a pressure device's frames for its twin: only the pressure (`ABS_PRESSURE`, each
/// slot's `ABS_MT_PRESSURE`) and `BTN_TOUCH` change; every other event passes through untouched,
/// in order, frame for frame.
///
/// - **Pens** (and single-touch screens with `ABS_PRESSURE`, `TwinEligibility.tip`): the resting
///   offset is learned as `RestingOffsetLearning` learns it (when the profile says so); the tip
///   goes down and up by the profile's levels, with hysteresis; `BTN_TOUCH` follows the tip (the
///   original's own `BTN_TOUCH` is dropped); the pressure is the axis minimum while the tip is up
///   and `PressureMapping.output` while it is down, starting at the level where readers put a
///   pen's tip down themselves (`PressureMapping.readerTipLevel`). The decision waits for the
///   frame's `SYN_REPORT`, where the frame's pressure events get their value.
/// - **Multitouch screens** (`TwinEligibility.contacts`): each `ABS_MT_PRESSURE` (and the
///   single-touch `ABS_PRESSURE` beside it) is mapped as it comes, from the axis minimum up;
///   contacts begin and end by their tracking ids, untouched.
///
/// A new profile (`setProfile`) applies from the next frame on; a pressure that then reads
/// differently without a new event of its own (a resting pen, a still finger) is written again in
/// that frame, so that readers never keep a value of the old profile. After the kernel dropped
/// events, `beginResynchronization()` discards the partial frame; libevdev's delta that follows
/// is rewritten as a frame of its own, and the twin's pressure and `BTN_TOUCH` are brought up to
/// date with it.
///
/// Nothing is allocated per event: the frame's storage is reserved once and reused.
public struct PressureFrameRewriter: Sendable {
    /// How the device's pressure is read.
    public let eligibility: TwinEligibility
    /// The profile in use.
    public private(set) var profile: PressureProfile
    /// The mapping of the device's pressure axis, at the offset in use.
    public private(set) var mapping: PressureMapping
    /// How a pen's resting offset is being learned.
    public private(set) var offsetLearning: RestingOffsetLearning
    /// The frame: complete (ending with `SYN_REPORT`) when `process` returned true, until the next
    /// call.
    public private(set) var frame: [InputEvent] = []
    /// Whether the tip is down (pens), as the twin last wrote it.
    public private(set) var isTipDown = false

    let axis: PressureAxis
    let device: DeviceDescription
    var pendingProfile: PressureProfile?
    var frameIsComplete = false
    /// Events up to the next `SYN_REPORT` are invalid (a `SYN_DROPPED` read from a stream).
    var skippingToReport = false
    /// Write every pressure again where its output changed without an event (a new profile or
    /// offset, a resynchronization).
    var refreshPending = false
    // Pens.
    let readsTip: Bool
    let toolCodes: ClosedRange<UInt16> = 0x140...0x147
    let hasToolKeys: Bool
    let writesTouch: Bool
    var toolsDown: UInt16 = 0
    var wasInProximity = false
    var rawPressure: Int32
    var distance: Int32
    var writtenPressure: Int32
    var writtenTouch = false
    // Multitouch screens.
    var slots: TwinSlots
    var singleTouch: TwinSingleTouchPressure?

    /// A rewriter for `device` (which `TwinEligibility` must accept), shaping pressure by
    /// `profile`. Nil for a device that is refused.
    public init?(device: DeviceDescription, profile: PressureProfile) {
        let eligibility = TwinEligibility(device)
        let axis: PressureAxis
        switch eligibility {
        case .tip(let pressure): axis = pressure
        case .contacts(let pressure): axis = pressure
        case .refused: return nil
        }
        self.eligibility = eligibility
        self.axis = axis
        self.device = device
        self.profile = profile
        readsTip = axis.code == AbsCode.pressure
        hasToolKeys = device.codes(of: .key).contains { (0x140...0x147).contains($0.rawValue) }
        writesTouch = readsTip && device.supports(.key, code: KeyCode.touch)
        rawPressure = axis.info.value
        distance = device.axis(AbsCode.distance)?.value ?? 0
        writtenPressure = axis.info.minimum
        offsetLearning = Self.learning(for: device, axis: axis, profile: profile, readsTip: readsTip)
        mapping = Self.mapping(profile, axis: axis.info, offset: offsetLearning.offset, readsTip: readsTip)
        slots = TwinSlots(device: device, axis: axis)
        singleTouch = readsTip ? nil : device.axis(AbsCode.pressure).map { TwinSingleTouchPressure(axis: $0, profile: profile) }
        frame.reserveCapacity(Self.frameCapacity(of: device))
    }

    /// Room for the largest frame the device is likely to send, with what the rewriter may add.
    static func frameCapacity(of device: DeviceDescription) -> Int {
        var count = 16
        for type in [EventType.key, .abs, .rel, .msc, .sw] { count += device.codes(of: type).count }
        return count + device.slotCount * (device.codes(of: .abs).count + 2)
    }

    /// Uses `profile` from the next frame on.
    public mutating func setProfile(_ profile: PressureProfile) {
        pendingProfile = profile
    }

    /// The profile that applies from the next frame: the one set last.
    public var pendingOrCurrentProfile: PressureProfile { pendingProfile ?? profile }

    /// The resting offset in use, raw units.
    public var offset: Double { mapping.offset }

    /// Takes one event; returns true when it completed a frame, which `frame` then holds.
    public mutating func process(_ event: InputEvent) -> Bool {
        if frameIsComplete { startFrame() }
        if event.type == .syn {
            if event.code == SynCode.dropped {
                frame.removeAll(keepingCapacity: true)
                skippingToReport = true
                return false
            }
            if event.isFrameEnd {
                if skippingToReport {
                    skippingToReport = false
                    refreshPending = true
                    frame.removeAll(keepingCapacity: true)
                    slots.forgetFrame()
                    return false
                }
                finishFrame(at: event.time)
                return true
            }
        }
        if skippingToReport { return false }
        if readsTip {
            take(tipEvent: event)
        } else {
            take(contactEvent: event)
        }
        return false
    }

    /// The kernel dropped events: the frame so far is discarded; libevdev's delta to the
    /// device's state follows and is rewritten as the next frame.
    public mutating func beginResynchronization() {
        if frameIsComplete { startFrame() }
        frame.removeAll(keepingCapacity: true)
        slots.forgetFrame()
        skippingToReport = false
        refreshPending = true
    }

    private mutating func startFrame() {
        frameIsComplete = false
        frame.removeAll(keepingCapacity: true)
        if let pending = pendingProfile {
            pendingProfile = nil
            apply(pending)
        }
    }

    private mutating func apply(_ newProfile: PressureProfile) {
        let relearn = newProfile.restingOffset != profile.restingOffset || newProfile.learnsRestingOffset != profile.learnsRestingOffset
        profile = newProfile
        if relearn { offsetLearning = Self.learning(for: device, axis: axis, profile: newProfile, readsTip: readsTip) }
        mapping = Self.mapping(newProfile, axis: axis.info, offset: offsetLearning.offset, readsTip: readsTip)
        if let singleTouch { self.singleTouch = TwinSingleTouchPressure(axis: singleTouch.axis, profile: newProfile, raw: singleTouch.raw, written: singleTouch.written) }
        refreshPending = true
    }

    // MARK: - Pens

    private mutating func take(tipEvent event: InputEvent) {
        switch event.type {
        case .key:
            if event.code == KeyCode.touch && writesTouch { return }
            if hasToolKeys && toolCodes.contains(event.code.rawValue) {
                let bit: UInt16 = 1 << (event.code.rawValue - toolCodes.lowerBound)
                toolsDown = event.value != 0 ? toolsDown | bit : toolsDown & ~bit
            }
        case .abs:
            if event.code == AbsCode.pressure {
                rawPressure = event.value
            } else if event.code == AbsCode.distance {
                distance = event.value
            }
        default:
            break
        }
        frame.append(event)
    }

    private mutating func finishTip(at time: Int64) {
        let inProximity = hasToolKeys ? toolsDown != 0 : true
        if inProximity, offsetLearning.observe(pressure: rawPressure, distance: distance, isProximityIn: !wasInProximity) {
            mapping = Self.mapping(profile, axis: axis.info, offset: offsetLearning.offset, readsTip: readsTip)
        }
        wasInProximity = inProximity
        let down = inProximity && mapping.isDown(raw: rawPressure, wasDown: isTipDown)
        let output = down ? mapping.output(raw: rawPressure) : mapping.minimum
        var written = false
        for index in frame.indices where frame[index].type == .abs && frame[index].code == AbsCode.pressure {
            frame[index].value = output
            written = true
        }
        if !written && output != writtenPressure {
            frame.append(InputEvent(time: time, type: .abs, code: AbsCode.pressure, value: output))
        }
        if writesTouch && down != writtenTouch {
            frame.append(InputEvent(time: time, type: .key, code: KeyCode.touch, value: down ? 1 : 0))
            writtenTouch = down
        }
        writtenPressure = output
        isTipDown = down
    }

    // MARK: - Multitouch screens

    private mutating func take(contactEvent event: InputEvent) {
        var event = event
        if event.type == .abs {
            switch event.code {
            case AbsCode.mtPressure:
                event.value = slots.take(pressure: event.value, mapping: mapping)
            case AbsCode.mtSlot:
                slots.select(event.value)
            case AbsCode.mtTrackingID:
                slots.track(event.value)
            case AbsCode.pressure:
                if singleTouch != nil { event.value = singleTouch!.take(event.value) }
            default:
                break
            }
        }
        frame.append(event)
    }

    private mutating func finishContacts(at time: Int64) {
        if refreshPending {
            slots.rewrite(into: &frame, mapping: mapping, at: time)
            if singleTouch != nil, let value = singleTouch!.refreshed() {
                frame.append(InputEvent(time: time, type: .abs, code: AbsCode.pressure, value: value))
            }
        }
        slots.forgetFrame()
        singleTouch?.seen = false
    }

    private mutating func finishFrame(at time: Int64) {
        if readsTip {
            finishTip(at: time)
        } else {
            finishContacts(at: time)
        }
        refreshPending = false
        frame.append(.report(at: time))
        frameIsComplete = true
    }

    // MARK: - Set-up

    static func learning(for device: DeviceDescription, axis: PressureAxis, profile: PressureProfile, readsTip: Bool) -> RestingOffsetLearning {
        let minimum = Double(axis.info.minimum)
        let maximum = Double(axis.info.maximum)
        var floor = profile.restingOffset ?? minimum
        if floor < minimum || floor >= maximum { floor = minimum }
        return RestingOffsetLearning(enabled: readsTip && device.kind == .tablet && profile.learnsRestingOffset,
                                     distanceAxis: device.axis(AbsCode.distance), floor: floor, minimum: minimum, maximum: maximum)
    }

    static func mapping(_ profile: PressureProfile, axis: AxisInfo, offset learned: Double?, readsTip: Bool) -> PressureMapping {
        let minimum = Double(axis.minimum)
        var configured = profile.restingOffset ?? minimum
        if configured < minimum || configured >= Double(axis.maximum) { configured = minimum }
        return PressureMapping(profile: profile, axis: axis, offset: learned ?? configured,
                               contactLevel: readsTip ? PressureMapping.readerTipLevel(of: axis) : axis.minimum)
    }
}
