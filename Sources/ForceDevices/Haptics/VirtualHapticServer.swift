import CEvdev
import CSystemShims
import ForceCore
import ForceSystem
import Glibc
import Synchronization
import SystemPackage

/// The hardware side of a `VirtualHapticDevice`, run on its own thread: answers the kernel's
/// upload and erase requests and records what reached the "motor". What it records is shared
/// with the test's thread under a `Mutex`; `changed` wakes a waiting test after each record, and
/// `stopping` wakes the server to end.
final class VirtualHapticServer: Sendable {
    /// What the device has seen.
    struct Record: Sendable {
        var log: [HapticHardwareEvent] = []
        var live: [Int16: HapticEffect?] = [:]
        var plays = 0
        var forceFeedbackEvents = 0
        var mostResident = 0
        var keepsEvents = true
        var destroying = false
    }

    let state = Mutex(Record())
    private let uinput: FileDescriptor
    private let profile: VirtualHapticProfile
    private let changed: LoopWakeup
    private let stopping: LoopWakeup

    init(uinput: FileDescriptor, profile: VirtualHapticProfile) throws(DeviceError) {
        self.uinput = uinput
        self.profile = profile
        do {
            changed = try LoopWakeup()
            stopping = try LoopWakeup()
        } catch {
            throw DeviceError(error)
        }
    }

    // MARK: - The test's side

    /// Waits until `condition` holds for the record, at most `seconds`; returns whether it did.
    func wait(seconds: Double, until condition: (Record) -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + Int64(seconds * 1_000_000)
        while true {
            if state.withLock({ condition($0) }) { return true }
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { return state.withLock { condition($0) } }
            var descriptors = [pollfd(fd: changed.fileDescriptor.rawValue, events: Int16(POLLIN), revents: 0)]
            _ = try? SystemCall.poll(&descriptors, timeout: CInt(min(remaining / 1000 + 1, 1000)))
            changed.acknowledge()
        }
    }

    /// Removes the device and tells the serving thread to end; false when already done.
    func beginDestroying() -> Bool {
        let first = state.withLock { record in
            defer { record.destroying = true }
            return !record.destroying
        }
        guard first else { return false }
        _ = try? SystemCall.ioctl(uinput, fb_ui_dev_destroy(), value: 0)
        stopping.signal()
        return true
    }

    /// Closes the uinput descriptor (after the serving thread ended).
    func close() {
        uinput.closeQuietly()
    }

    // MARK: - The serving thread

    /// Answers requests until `beginDestroying()`.
    func serve() {
        var buffer = [input_event](repeating: input_event(), count: 64)
        var descriptors = [
            pollfd(fd: uinput.rawValue, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopping.fileDescriptor.rawValue, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            do {
                try SystemCall.poll(&descriptors, timeout: -1)
            } catch {
                return
            }
            if descriptors[1].revents != 0 { return }
            let readiness = descriptors[0].revents
            if readiness & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 && readiness & Int16(POLLIN) == 0 { return }
            while true {
                let count = buffer.withUnsafeMutableBytes { (try? SystemCall.read(uinput, into: $0)) ?? 0 }
                guard count > 0 else { break }
                for index in 0..<(count / MemoryLayout<input_event>.stride) { handle(buffer[index]) }
            }
        }
    }

    private func handle(_ event: input_event) {
        let time = Int64(event.time.tv_sec) * 1_000_000 + Int64(event.time.tv_usec)
        switch Int32(event.type) {
        case EV_UINPUT where Int32(event.code) == UI_FF_UPLOAD:
            var request = uinput_ff_upload()
            request.request_id = UInt32(bitPattern: event.value)
            guard (try? SystemCall.ioctl(uinput, fb_ui_begin_ff_upload(), &request)) != nil else { return }
            let effect = FFEffectConversion.effect(request.effect)
            let refused = profile.refusedEffectTypes.contains(EventCode(request.effect.type))
            request.retval = refused ? -EINVAL : 0
            if !refused {
                let id = request.effect.id
                record(.upload(id: id, effect: effect, typeCode: EventCode(request.effect.type), isUpdate: request.old.type != 0), time: time) {
                    $0.live[id] = .some(effect)
                    $0.mostResident = max($0.mostResident, $0.live.count)
                }
            }
            _ = try? SystemCall.ioctl(uinput, fb_ui_end_ff_upload(), &request)
        case EV_UINPUT where Int32(event.code) == UI_FF_ERASE:
            var request = uinput_ff_erase()
            request.request_id = UInt32(bitPattern: event.value)
            guard (try? SystemCall.ioctl(uinput, fb_ui_begin_ff_erase(), &request)) != nil else { return }
            let id = Int16(truncatingIfNeeded: request.effect_id)
            record(.erase(id: id), time: time) { $0.live[id] = nil }
            request.retval = 0
            _ = try? SystemCall.ioctl(uinput, fb_ui_end_ff_erase(), &request)
        case EV_FF where event.code == FFCode.gain.rawValue:
            record(.gain(UInt16(truncatingIfNeeded: event.value)), time: time) { $0.forceFeedbackEvents += 1 }
        case EV_FF where event.code < FFCode.gain.rawValue:
            let id = Int16(event.code)
            if event.value > 0 {
                record(.play(id: id, count: event.value), time: time) {
                    $0.plays += 1
                    $0.forceFeedbackEvents += 1
                }
            } else {
                record(.stop(id: id), time: time) { $0.forceFeedbackEvents += 1 }
            }
        default:
            break
        }
    }

    private func record(_ kind: HapticHardwareEvent.Kind, time: Int64, update: (inout Record) -> Void) {
        state.withLock { record in
            if record.keepsEvents { record.log.append(HapticHardwareEvent(kind: kind, time: time)) }
            update(&record)
        }
        changed.signal()
    }
}
