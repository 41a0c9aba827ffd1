#if FORCEBRIDGE_SYSCALL_SEAM
import CEvdev
import ForceCore
@testable import ForceDevices
import ForceSystem
import Glibc
import Synchronization
import SystemPackage

/// The kernel's side of one evdev node, simulated through the system call seam: what `stat`,
/// `open`, libevdev and the evdev requests (`EVIOCGEFFECTS`, `EVIOCSFF`, `EVIOCRMFF`, `write` of
/// `EV_FF` events) answer for `node`, as drivers/input/ff-core.c and evdev.c do. Every other path
/// and descriptor gets the real calls. The node's descriptor is a real one (`/dev/null`), so a
/// descriptor closed outside the seam closes nothing of anyone else's.
///
/// What the "hardware" saw is recorded as `HapticHardwareEvent`s, as `VirtualHapticDevice`
/// records them in the guest; each `write` is also kept whole, to check what went in one batch.
final class SimulatedEvdevNode: EvdevCallTable {
    struct State {
        var descriptor: CInt?
        var handle: UInt?
        /// The effects uploaded, by id (the kernel's structure).
        var effects: [Int16: ff_effect] = [:]
        /// Slots other programs hold (the lowest ids).
        var heldByOthers = 0
        /// Whether the device went away (every request fails with `ENODEV`).
        var unplugged = false
        /// What reads return, in order: libevdev's status and the event; `-EAGAIN` once empty.
        var reads: [(status: Int32, event: InputEvent)] = []
        var log: [HapticHardwareEvent] = []
        /// The `EV_FF` events of each `write`, as (code, value).
        var writes: [[(code: UInt16, value: Int32)]] = []
    }

    let node: String
    let profile: VirtualHapticProfile?
    let description: DeviceDescription
    let state = Mutex(State())

    /// A node with `description` (no force feedback).
    init(node: String = "/dev/input/event42", description: DeviceDescription) {
        self.node = node
        self.profile = nil
        self.description = description
    }

    /// A force-feedback node playing `profile`'s hardware.
    init(node: String = "/dev/input/event42", profile: VirtualHapticProfile) {
        self.node = node
        self.profile = profile
        var description = DeviceDescription(name: profile.name, id: profile.id)
        for code in profile.effectCodes { description.enable(.ff, code: code) }
        for key in profile.keys { description.enable(.key, code: key) }
        self.description = description
    }

    /// Everything the hardware saw, in order.
    var log: [HapticHardwareEvent] { state.withLock { $0.log } }

    /// The ids of the effects uploaded and not erased.
    var resident: Set<Int16> { state.withLock { Set($0.effects.keys) } }

    private func isNode(_ descriptor: CInt) -> Bool { state.withLock { $0.descriptor == descriptor } }

    private func record(_ kind: HapticHardwareEvent.Kind) {
        state.withLock { $0.log.append(HapticHardwareEvent(kind: kind, time: MonotonicClock.now())) }
    }

    // MARK: - Opening

    func stat(_ path: String) throws(Errno) -> stat {
        guard path == node else { return try LinuxSystemCalls().stat(path) }
        return inputNodeStatus()
    }

    func open(_ path: String, _ flags: CInt, _ mode: mode_t) throws(Errno) -> CInt {
        guard path == node else { return try LinuxSystemCalls().open(path, flags, mode) }
        let descriptor = try LinuxSystemCalls().open("/dev/null", O_RDWR | O_CLOEXEC, 0)
        state.withLock { $0.descriptor = descriptor }
        return descriptor
    }

    func close(_ descriptor: CInt) throws(Errno) {
        state.withLock { if $0.descriptor == descriptor { $0.descriptor = nil } }
        try LinuxSystemCalls().close(descriptor)
    }

    func evdevNew(_ descriptor: CInt) throws(Errno) -> OpaquePointer {
        guard isNode(descriptor) else { return try LinuxSystemCalls().evdevNew(descriptor) }
        guard let handle = LibevdevDescription.make(description) else { throw .noMemory }
        state.withLock { $0.handle = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle))) }
        return handle
    }

    func evdevSetClock(_ device: OpaquePointer, _ clock: clockid_t) throws(Errno) {}

    // MARK: - Reading

    func evdevNextEvent(_ device: OpaquePointer, _ flags: UInt32, _ event: inout input_event) -> Int32 {
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(device)))
        guard state.withLock({ $0.handle == address }) else { return LinuxSystemCalls().evdevNextEvent(device, flags, &event) }
        return state.withLock { state in
            if state.unplugged { return -ENODEV }
            guard !state.reads.isEmpty else { return -EAGAIN }
            let (status, next) = state.reads.removeFirst()
            event.time.tv_sec = Int(next.time / 1_000_000)
            event.time.tv_usec = Int(next.time % 1_000_000)
            event.type = next.type.rawValue
            event.code = next.code.rawValue
            event.value = next.value
            return status
        }
    }

    // MARK: - Force feedback

    func ioctl(_ descriptor: CInt, _ request: UInt, _ argument: UnsafeMutableRawPointer?) throws(Errno) -> CInt {
        guard isNode(descriptor) else { return try LinuxSystemCalls().ioctl(descriptor, request, argument) }
        if state.withLock({ $0.unplugged }) { throw .operationNotSupportedByDevice }
        guard let argument, let profile else { throw .inappropriateIOCTLForDevice }
        switch request {
        case fb_eviocgeffects():
            argument.storeBytes(of: Int32(profile.effectSlots), as: Int32.self)
        case fb_eviocsff():
            let effect = argument.assumingMemoryBound(to: ff_effect.self)
            effect.pointee.id = try upload(effect.pointee, profile: profile)
        default:
            throw .inappropriateIOCTLForDevice
        }
        return 0
    }

    /// ff-core's upload: a new effect takes the lowest free slot (`ENOSPC` when there is none), an
    /// update must name an effect of this file; types the device lacks or refuses are `EINVAL`.
    private func upload(_ effect: ff_effect, profile: VirtualHapticProfile) throws(Errno) -> Int16 {
        let type = EventCode(effect.type)
        guard profile.effectCodes.contains(type), !profile.refusedEffectTypes.contains(type) else { throw .invalidArgument }
        let id: Int16 = try state.withLock { state throws(Errno) in
            if effect.id >= 0 {
                guard state.effects[effect.id] != nil else { throw .invalidArgument }
                return effect.id
            }
            let free = (state.heldByOthers..<profile.effectSlots).map(Int16.init).first { state.effects[$0] == nil }
            guard let free else { throw .noSpace }
            return free
        }
        let isUpdate = state.withLock { state in
            defer { state.effects[id] = effect }
            return state.effects[id] != nil
        }
        record(.upload(id: id, effect: FFEffectConversion.effect(effect), typeCode: type, isUpdate: isUpdate))
        return id
    }

    func ioctl(_ descriptor: CInt, _ request: UInt, value: CInt) throws(Errno) -> CInt {
        guard isNode(descriptor) else { return try LinuxSystemCalls().ioctl(descriptor, request, value: value) }
        if state.withLock({ $0.unplugged }) { throw .operationNotSupportedByDevice }
        guard request == fb_eviocrmff() else { throw .inappropriateIOCTLForDevice }
        let id = Int16(truncatingIfNeeded: value)
        guard state.withLock({ $0.effects.removeValue(forKey: id) }) != nil else { throw .invalidArgument }
        record(.erase(id: id))
        return 0
    }

    func write(_ descriptor: CInt, _ buffer: UnsafeRawPointer?, _ count: Int) throws(Errno) -> Int {
        guard isNode(descriptor) else { return try LinuxSystemCalls().write(descriptor, buffer, count) }
        if state.withLock({ $0.unplugged }) { throw .operationNotSupportedByDevice }
        guard let buffer, count % MemoryLayout<input_event>.stride == 0 else { throw .invalidArgument }
        let events = UnsafeBufferPointer(start: buffer.assumingMemoryBound(to: input_event.self), count: count / MemoryLayout<input_event>.stride)
        var batch: [(code: UInt16, value: Int32)] = []
        for event in events where Int32(event.type) == EV_FF {
            batch.append((event.code, event.value))
            if event.code == FFCode.gain.rawValue {
                record(.gain(UInt16(truncatingIfNeeded: event.value)))
            } else {
                record(event.value > 0 ? .play(id: Int16(event.code), count: event.value) : .stop(id: Int16(event.code)))
            }
        }
        state.withLock { $0.writes.append(batch) }
        return count
    }
}

/// The status of an input event node: a character device of major 13.
private func inputNodeStatus() -> stat {
    var status = stat()
    status.st_mode = S_IFCHR | 0o660
    status.st_rdev = (13 << 8) | 74
    return status
}
extension SimulatedEvdevNode {
    /// Opens a haptic engine on this node with its system calls simulated, runs `body` with it,
    /// and closes it.
    func withEngine<Result>(configuration: HapticEngineConfiguration = HapticEngineConfiguration(),
                            _ body: (HapticEngine) throws -> Result) throws -> Result {
        try SystemCallSeam.withSubstitute(self) {
            let engine = try HapticEngine.open(path: node, configuration: configuration)
            defer { engine.close() }
            return try body(engine)
        }
    }
}
#endif
