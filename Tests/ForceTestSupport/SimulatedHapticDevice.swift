import ForceCore
import ForceDevices
import ForceSystem
import SystemPackage

/// A force-feedback device in memory, for host tests of what plays on a motor (the host has no
/// uinput): it follows the kernel's rules for `EV_FF` as a `VirtualHapticProfile` describes the
/// hardware, and records what reached the "motor" as `VirtualHapticDevice` does in the guest.
///
/// - Uploads: a new effect takes the lowest free slot of `effectSlots` (`ENOSPC` when none is
///   free); an update must name a slot this output owns; an effect type or waveform the device
///   lacks, or one the hardware refuses (`refusedEffectTypes`), is rejected (`EINVAL`); so are
///   delays and lengths past the kernel's 0x7FFF ms. A device with `FF_PERIODIC` also takes
///   `FF_RUMBLE`, as the kernel's force-feedback core adds it.
/// - Starts and stops of ids that hold no effect are ignored, as the kernel ignores them.
/// - `unplug()` makes every later call fail with `.deviceLost`.
///
/// Used from one thread (the loop the engine plays on).
public final class SimulatedHapticDevice: ForceFeedbackOutput {
    public let path: String
    public let description: DeviceDescription
    public let capabilities: HapticCapabilities
    public private(set) var ownedEffects: Set<Int16> = []
    public var fileDescriptor: FileDescriptor? { nil }
    public var isOpen: Bool { !isClosed && !isUnplugged }

    /// What the hardware pretends to be.
    public let profile: VirtualHapticProfile
    /// Everything the motor saw, in order.
    public private(set) var events: [HapticHardwareEvent] = []
    /// The effects uploaded and not erased, by slot.
    public private(set) var residentEffects: [Int16: HapticEffect] = [:]
    /// The device gain, 0...0xFFFF.
    public private(set) var gain: UInt16 = 0xFFFF

    private var isClosed = false
    private var isUnplugged = false

    /// A device called `path` that plays like `profile`.
    public init(path: String, profile: VirtualHapticProfile) {
        self.path = path
        self.profile = profile
        var codes = Set(profile.effectCodes)
        if codes.contains(FFCode.periodic) { codes.insert(FFCode.rumble) }
        var description = DeviceDescription(name: profile.name, id: profile.id, forceFeedbackEffectSlots: profile.effectSlots)
        for code in codes.sorted(by: { $0.rawValue < $1.rawValue }) { description.enable(.ff, code: code) }
        for key in profile.keys { description.enable(.key, code: key) }
        self.description = description
        capabilities = HapticCapabilities(description)
    }

    // MARK: - What the motor saw

    /// How many effect starts the motor saw.
    public var playCount: Int { events.count { if case .play = $0.kind { true } else { false } } }
    /// How many uploads (new effects and updates) it saw.
    public var uploadCount: Int { events.count { if case .upload = $0.kind { true } else { false } } }
    /// How many stops it saw.
    public var stopCount: Int { events.count { if case .stop = $0.kind { true } else { false } } }
    /// Every effect start, with the effect its slot held then.
    public var playedEffects: [PlayedHapticEffect] { VirtualHapticDevice.playedEffects(in: events) }
    /// The effects running now: started, neither stopped nor erased since, and not over.
    public var runningEffects: Set<Int16> { VirtualHapticDevice.runningEffects(in: events, at: MonotonicClock.now()) }

    /// Takes the device away: later calls fail as for a device unplugged.
    public func unplug() {
        isUnplugged = true
        ownedEffects.removeAll()
        residentEffects.removeAll()
    }

    // MARK: - ForceFeedbackOutput

    @discardableResult
    public func upload(_ effect: HapticEffect, id: Int16) throws(HapticDeviceError) -> Int16 {
        try checkOpen()
        let supported: Bool
        switch effect.kind {
        case .rumble: supported = description.supports(.ff, code: FFCode.rumble)
        case .periodic(let waveform, _, _):
            supported = description.supports(.ff, code: FFCode.periodic) && description.supports(.ff, code: EventCode(waveform.rawValue))
        }
        guard supported, !profile.refusedEffectTypes.contains(effect.typeCode), effect.delay <= 0x7FFF, effect.length <= 0x7FFF else {
            throw .effectRejected(path: path, effect: effect.description, detail: "the device supports \(capabilities.summary)")
        }
        let slot: Int16
        if id < 0 {
            guard let free = (0..<Int16(profile.effectSlots)).first(where: { residentEffects[$0] == nil }) else {
                throw .noFreeSlots(path: path, slots: profile.effectSlots)
            }
            slot = free
        } else {
            guard ownedEffects.contains(id) else {
                throw .effectRejected(path: path, effect: effect.description, detail: "effect \(id) is not this program's")
            }
            slot = id
        }
        record(.upload(id: slot, effect: effect, typeCode: effect.typeCode, isUpdate: id >= 0))
        residentEffects[slot] = effect
        ownedEffects.insert(slot)
        return slot
    }

    public func play(_ ids: [Int16], stopping: [Int16]) throws(HapticDeviceError) {
        try checkOpen()
        for id in ids where residentEffects[id] != nil { record(.play(id: id, count: 1)) }
        for id in stopping where !ids.contains(id) && residentEffects[id] != nil { record(.stop(id: id)) }
    }

    public func stop(_ ids: [Int16]) throws(HapticDeviceError) {
        try play([], stopping: ids)
    }

    public func erase(_ id: Int16) throws(HapticDeviceError) {
        try checkOpen()
        guard ownedEffects.remove(id) != nil else { return }
        residentEffects[id] = nil
        record(.erase(id: id))
    }

    public func setGain(_ fraction: Double) throws(HapticDeviceError) {
        try checkOpen()
        guard capabilities.supportsGain else { throw .gainUnsupported(path: path) }
        gain = UInt16((min(1, max(0, fraction)) * 0xFFFF).rounded())
        record(.gain(gain))
    }

    public func checkPresence() -> Bool { !isUnplugged }

    public func close() {
        guard !isClosed else { return }
        if !isUnplugged { for id in ownedEffects.sorted() { try? erase(id) } }
        if gain != 0xFFFF && !isUnplugged { try? setGain(1) }
        isClosed = true
    }

    private func checkOpen() throws(HapticDeviceError) {
        if isUnplugged { throw .deviceLost(path: path) }
        if isClosed { throw .closed(path: path) }
    }

    private func record(_ kind: HapticHardwareEvent.Kind) {
        events.append(HapticHardwareEvent(kind: kind, time: MonotonicClock.now()))
    }
}
