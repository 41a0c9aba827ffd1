import ForceCore
import SystemPackage

/// What a `HapticEngine` plays on: the kernel's force-feedback interface of one device, as
/// `ForceFeedbackDevice` opens it on an evdev node. The engine keeps its policy (slots,
/// priority, fallbacks) above these calls, which follow the kernel's semantics: `upload`
/// allocates a slot (id -1) or updates one this output owns, `play` starts and stops ids in
/// one batch, `erase` frees a slot, and a device that went away fails every call with
/// `.deviceLost`.
public protocol ForceFeedbackOutput: AnyObject {
    /// The node (`/dev/input/event5`), naming the device in errors and logs.
    var path: String { get }
    /// What the device is.
    var description: DeviceDescription { get }
    /// What it can play.
    var capabilities: HapticCapabilities { get }
    /// The effect ids uploaded through this output and not erased.
    var ownedEffects: Set<Int16> { get }
    /// A descriptor to watch for the device going away (`checkPresence` when readable); nil
    /// when the output has none.
    var fileDescriptor: FileDescriptor? { get }
    /// Whether the device is open and present.
    var isOpen: Bool { get }

    /// Uploads `effect` into a new slot (`id` -1; the slot's id is returned) or over the
    /// effect `id` this output owns.
    @discardableResult
    func upload(_ effect: HapticEffect, id: Int16) throws(HapticDeviceError) -> Int16
    /// Starts `ids` (once each), then stops `stopping`, in one batch.
    func play(_ ids: [Int16], stopping: [Int16]) throws(HapticDeviceError)
    /// Stops `ids`.
    func stop(_ ids: [Int16]) throws(HapticDeviceError)
    /// Erases effect `id`, stopping it.
    func erase(_ id: Int16) throws(HapticDeviceError)
    /// Sets the device-wide strength, 0...1 (devices with `FF_GAIN` only).
    func setGain(_ fraction: Double) throws(HapticDeviceError)
    /// Reads what the device sent and says whether it is still there.
    @discardableResult
    func checkPresence() -> Bool
    /// Erases every effect this output uploaded and closes it.
    func close()
}

extension ForceFeedbackDevice: ForceFeedbackOutput {}
