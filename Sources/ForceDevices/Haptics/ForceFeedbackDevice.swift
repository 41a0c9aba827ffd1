import CEvdev
import CSystemShims
import ForceCore
import ForceSystem
import Glibc
import Logging
import SystemPackage

/// An evdev device opened for force feedback: upload, play, stop and erase effects, set the gain.
///
/// Effects belong to the open file: the kernel erases (and so stops) every effect of a file when
/// it is closed — also when the process is killed — so a motor never keeps running after its
/// program is gone. `close()` does the same explicitly first: it erases (and so stops) every
/// effect this device uploaded. When the device goes away (`ENODEV`) the kernel has already dropped
/// its effects; the device is then marked lost and every later call fails with `.deviceLost`.
///
/// Not thread-safe: use it from one thread. An upload or erase waits for the driver to answer
/// (for uinput devices, the program behind them).
public final class ForceFeedbackDevice {
    /// The node, e.g. `/dev/input/event5`.
    public let path: String
    /// What the kernel says the device is.
    public let description: DeviceDescription
    /// What it can play.
    public let capabilities: HapticCapabilities
    /// The effect ids this device uploaded and has not erased.
    public private(set) var ownedEffects: Set<Int16> = []
    /// Whether the device went away.
    public private(set) var isLost = false
    /// How many uploads (new effects and updates) went to the kernel.
    public private(set) var uploadCount = 0
    /// Whether `setGain` changed the device gain (restored to full on close).
    private var changedGain = false
    private let device: EvdevDevice
    private let logger = Logger.haptics

    /// Opens `path` for reading and writing. Fails when it is not an event device, may not be
    /// written, or has no vibration effects.
    public init(path: String) throws(DeviceError) {
        let device = try EvdevDevice(path: path, mode: .readWrite)
        let capabilities = HapticCapabilities(device.description)
        guard device.description.hasForceFeedback, capabilities.canVibrate else {
            device.close()
            throw .noForceFeedback(path: path, name: device.description.name)
        }
        self.device = device
        self.path = path
        self.description = device.description
        self.capabilities = capabilities
    }

    deinit { close() }

    /// The descriptor, to watch for the device going away; nil once closed.
    public var fileDescriptor: FileDescriptor? { device.fileDescriptor }

    /// Whether the device is open and present.
    public var isOpen: Bool { device.isOpen && !isLost }

    /// Uploads `effect` (`EVIOCSFF`). With `id` -1 the kernel allocates a slot and its id is
    /// returned; with the id of an effect this device owns, that effect is updated in place.
    @discardableResult
    public func upload(_ effect: HapticEffect, id: Int16 = -1) throws(HapticDeviceError) -> Int16 {
        try checkOpen()
        var kernel = FFEffectConversion.kernelEffect(effect, id: id)
        let descriptor = try openDescriptor()
        do {
            try SystemCall.ioctl(descriptor, fb_eviocsff(), &kernel)
        } catch .operationNotSupportedByDevice {
            throw lost()
        } catch .noSpace {
            throw .noFreeSlots(path: path, slots: capabilities.effectSlots)
        } catch .invalidArgument {
            throw .effectRejected(path: path, effect: effect.description,
                                  detail: id >= 0 && !ownedEffects.contains(id) ? "effect \(id) is not this program's" : "the device supports \(capabilities.summary)")
        } catch {
            throw .system(path: path, operation: "uploading an effect (EVIOCSFF)", errno: error)
        }
        uploadCount += 1
        ownedEffects.insert(kernel.id)
        logger.debug(id >= 0 ? "updated effect" : "uploaded effect", metadata: ["node": "\(path)", "id": "\(kernel.id)", "effect": "\(effect.description)"])
        return kernel.id
    }

    /// Starts `ids` (once each), then stops `stopping`, in one `write`: the kernel sees the whole
    /// batch at once, so a pattern's effects start together and their delays line up, and the
    /// starts are not held up behind the stops. An id in both lists is only restarted.
    public func play(_ ids: [Int16], stopping: [Int16] = []) throws(HapticDeviceError) {
        try checkOpen()
        var events: [input_event] = []
        events.reserveCapacity(ids.count + stopping.count)
        for id in ids { events.append(Self.event(code: UInt16(bitPattern: id), value: 1)) }
        for id in stopping where !ids.contains(id) { events.append(Self.event(code: UInt16(bitPattern: id), value: 0)) }
        try write(events, operation: "playing effects")
        logger.debug(ids.isEmpty ? "stopped effects" : "played effects", metadata: [
            "node": "\(path)", "ids": "\(ids.map(String.init).joined(separator: ","))",
            "stopped": "\(stopping.filter { !ids.contains($0) }.map(String.init).joined(separator: ","))",
        ])
    }

    /// Stops `ids`.
    public func stop(_ ids: [Int16]) throws(HapticDeviceError) {
        guard !ids.isEmpty else { return }
        try play([], stopping: ids)
    }

    /// Erases effect `id` (`EVIOCRMFF`); the kernel stops it first.
    public func erase(_ id: Int16) throws(HapticDeviceError) {
        let descriptor = try openDescriptor()
        do {
            try SystemCall.ioctl(descriptor, fb_eviocrmff(), value: Int32(id))
        } catch .operationNotSupportedByDevice {
            throw lost()
        } catch .invalidArgument, .permissionDenied {
            // Not ours (any more).
        } catch {
            throw .system(path: path, operation: "erasing effect \(id) (EVIOCRMFF)", errno: error)
        }
        ownedEffects.remove(id)
        logger.debug("erased effect", metadata: ["node": "\(path)", "id": "\(id)"])
    }

    /// Sets the device-wide strength (`FF_GAIN`, 0...1 of 0xFFFF). Only on devices with `FF_GAIN`.
    /// The gain is shared by every program using the device; `close()` sets it back to full.
    public func setGain(_ fraction: Double) throws(HapticDeviceError) {
        try checkOpen()
        guard capabilities.supportsGain else { throw .gainUnsupported(path: path) }
        let value = Int32((min(1, max(0, fraction)) * 0xFFFF).rounded())
        try write([Self.event(code: FFCode.gain.rawValue, value: value)], operation: "setting the gain")
        changedGain = value != 0xFFFF
    }

    /// Reads whatever the device sent (force-feedback status, input) and reports whether it is
    /// still there. Call when `fileDescriptor` is readable.
    @discardableResult
    public func checkPresence() -> Bool {
        guard device.isOpen, !isLost else { return false }
        if device.drain(into: DiscardingSink()) == .deviceLost { _ = lost() }
        return !isLost
    }

    /// Erases (stopping them) every effect this device uploaded, puts the gain back to full if it
    /// was changed, and closes the device. Safe to call twice; quiet when the device is gone.
    public func close() {
        guard device.isOpen else { return }
        if !isLost {
            // Erasing stops each effect first (in the kernel); one at a time keeps the writes
            // small for uinput devices, whose owner reads through a 16-event ring.
            for id in ownedEffects.sorted() { try? erase(id) }
            if changedGain { try? setGain(1) }
        }
        ownedEffects.removeAll()
        device.close()
    }

    // MARK: - Helpers

    private func checkOpen() throws(HapticDeviceError) {
        _ = try openDescriptor()
    }

    private func openDescriptor() throws(HapticDeviceError) -> FileDescriptor {
        if isLost { throw .deviceLost(path: path) }
        guard let descriptor = device.fileDescriptor else { throw .closed(path: path) }
        return descriptor
    }

    private func lost() -> HapticDeviceError {
        isLost = true
        ownedEffects.removeAll()
        return .deviceLost(path: path)
    }

    private func write(_ events: [input_event], operation: String) throws(HapticDeviceError) {
        guard !events.isEmpty else { return }
        let descriptor = try openDescriptor()
        // evdev takes whole events only: one write of the batch, never split.
        let result: Result<Int, Errno> = events.withUnsafeBytes { bytes in
            Result { () throws(Errno) -> Int in try SystemCall.write(descriptor, bytes) }
        }
        switch result {
        case .success(let written) where written == events.count * MemoryLayout<input_event>.stride:
            return
        case .success:
            throw .system(path: path, operation: operation, errno: .ioError)
        case .failure(.operationNotSupportedByDevice):
            throw lost()
        case .failure(let code):
            throw .system(path: path, operation: operation, errno: code)
        }
    }

    private static func event(code: UInt16, value: Int32) -> input_event {
        var event = input_event()
        event.type = UInt16(EV_FF)
        event.code = code
        event.value = value
        return event
    }
}

/// Throws away events read from a force-feedback device's descriptor.
private final class DiscardingSink: InputEventSink {
    func process(_ event: InputEvent) {}
    func beginResynchronization(at time: Int64) {}
}
