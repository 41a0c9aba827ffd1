import CEvdev
import ForceCore
import Foundation
import Glibc

/// A kernel force-feedback device made with uinput that plays the hardware's part: it answers
/// every upload and erase the kernel passes on, and records uploads, erases, starts, stops and
/// gain changes with the kernel's timestamps. Programs see an ordinary `/dev/input/eventN`
/// with `EV_FF`; tests and benchmarks check exactly what reached the "motor".
///
/// A thread serves the requests from creation until `destroy()`: the kernel holds a program's
/// upload (and even its `close()` of a descriptor that owns effects) until the device answers,
/// for up to 30 s, so the answers must keep coming whatever the test is doing. The device is
/// created with raw uinput calls (`UI_DEV_SETUP`) because `ff_effects_max` must be set.
public final class VirtualHapticDevice: @unchecked Sendable {
    /// What it pretends to be.
    public let profile: VirtualHapticProfile
    /// The kernel's name for it (`input7`).
    public let sysname: String

    private let uinput: Int32
    private let wakeDescriptor: Int32
    private let condition = NSCondition()
    private var log: [HapticHardwareEvent] = []
    private var live: [Int16: HapticEffect?] = [:]
    private var plays = 0
    private var ffEvents = 0
    private var mostResident = 0
    private var serving = true
    private var finished = false
    private var destroyed = false

    /// Creates the device and starts serving it.
    public init(profile: VirtualHapticProfile) throws(DeviceError) {
        self.profile = profile
        let fd = fb_open("/dev/uinput", O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw .uinputUnavailable(detail: code == ENOENT ? "no /dev/uinput" : DeviceError.message(for: code))
        }
        func check(_ status: Int32, _ what: String) throws(DeviceError) {
            if status < 0 {
                let code = errno
                Glibc.close(fd)
                throw .uinputUnavailable(detail: "\(what) failed: \(DeviceError.message(for: code))")
            }
        }
        try check(fb_ioctl_int(fd, fb_ui_set_evbit(), EV_FF), "UI_SET_EVBIT EV_FF")
        for code in profile.effectCodes { try check(fb_ioctl_int(fd, fb_ui_set_ffbit(), Int32(code)), "UI_SET_FFBIT \(code)") }
        if !profile.keys.isEmpty {
            try check(fb_ioctl_int(fd, fb_ui_set_evbit(), EV_KEY), "UI_SET_EVBIT EV_KEY")
            for key in profile.keys { try check(fb_ioctl_int(fd, fb_ui_set_keybit(), Int32(key)), "UI_SET_KEYBIT \(key)") }
        }
        var setup = uinput_setup()
        setup.id.bustype = profile.id.bustype
        setup.id.vendor = profile.id.vendor
        setup.id.product = profile.id.product
        setup.id.version = profile.id.version
        setup.ff_effects_max = UInt32(max(1, profile.effectSlots))
        withUnsafeMutableBytes(of: &setup.name) { buffer in
            let bytes = Array(profile.name.utf8.prefix(buffer.count - 1))
            buffer.copyBytes(from: bytes)
        }
        try check(fb_ioctl_pointer(fd, fb_ui_dev_setup(), &setup), "UI_DEV_SETUP")
        try check(fb_ioctl_int(fd, fb_ui_dev_create(), 0), "UI_DEV_CREATE")
        var name = [CChar](repeating: 0, count: 64)
        _ = fb_ioctl_pointer(fd, fb_ui_get_sysname(64), &name)
        sysname = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard wake >= 0 else {
            let code = errno
            _ = fb_ioctl_int(fd, fb_ui_dev_destroy(), 0)
            Glibc.close(fd)
            throw .system(path: "eventfd", operation: "eventfd", errno: code)
        }
        uinput = fd
        wakeDescriptor = wake
        let thread = Thread { [self] in serve() }
        thread.name = "VirtualHapticDevice \(sysname)"
        thread.start()
    }

    deinit { destroy() }

    // MARK: - Finding the node

    /// The event node (`/dev/input/eventN`), once the kernel has made it; waits up to `seconds`.
    public func node(waitingUpTo seconds: Double = 5) -> String? {
        let deadline = MonotonicClock.now() + Int64(seconds * 1_000_000)
        repeat {
            if let name = eventName(), access("/dev/input/\(name)", F_OK) == 0 { return "/dev/input/\(name)" }
            usleep(10_000)
        } while MonotonicClock.now() < deadline
        return nil
    }

    private func eventName() -> String? {
        guard !sysname.isEmpty, let directory = opendir("/sys/devices/virtual/input/\(sysname)") else { return nil }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("event") { return name }
        }
        return nil
    }

    // MARK: - What the hardware saw

    /// Everything recorded so far, in order.
    public var events: [HapticHardwareEvent] {
        condition.lock(); defer { condition.unlock() }
        return log
    }

    /// The effects uploaded and not erased, by id (nil: a type ForceBridge does not make).
    public var residentEffects: [Int16: HapticEffect?] {
        condition.lock(); defer { condition.unlock() }
        return live
    }

    /// How many effect starts the device has seen (kept when events are cleared).
    public var playCount: Int {
        condition.lock(); defer { condition.unlock() }
        return plays
    }

    /// The most effects the device held at once.
    public var mostResidentEffects: Int {
        condition.lock(); defer { condition.unlock() }
        return mostResident
    }

    /// Waits until more than `count` starts were seen, at most `seconds`; returns whether they were.
    ///
    /// uinput passes everything to the device through a ring of 16 events that overwrites unread
    /// ones; a program that writes faster than the device reads loses events and can even push
    /// an upload request out of it, then waits 30 s for an answer. Waiting for what was written
    /// to be read (`waitForForceFeedbackEvents`) keeps the ring from overflowing.
    @discardableResult
    public func waitForPlays(exceeding count: Int, seconds: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock(); defer { condition.unlock() }
        while plays <= count {
            if !condition.wait(until: deadline) { return plays > count }
        }
        return true
    }

    /// Whether every event is kept in `events` (turn off for long runs; counters still count).
    public var keepsEvents: Bool {
        get { condition.lock(); defer { condition.unlock() }; return keeping }
        set { condition.lock(); keeping = newValue; condition.unlock() }
    }
    private var keeping = true

    /// Forgets the recorded events (the resident effects stay).
    public func clearEvents() {
        condition.lock(); defer { condition.unlock() }
        log.removeAll()
    }

    /// What the device has seen, as one consistent snapshot.
    public struct State: Sendable {
        /// The recorded events.
        public var events: [HapticHardwareEvent]
        /// The effects uploaded and not erased.
        public var residentEffects: [Int16: HapticEffect?]
    }

    /// Waits until `predicate` holds for what the device has seen, at most `seconds`; returns
    /// whether it did. (The predicate gets a snapshot: it must not call back into the device.)
    @discardableResult
    public func wait(seconds: Double = 5, until predicate: (State) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock(); defer { condition.unlock() }
        while !predicate(State(events: log, residentEffects: live)) {
            if !condition.wait(until: deadline) { return predicate(State(events: log, residentEffects: live)) }
        }
        return true
    }

    /// How many `EV_FF` events (starts, stops, gain) the device has read.
    public var forceFeedbackEventCount: Int {
        condition.lock(); defer { condition.unlock() }
        return ffEvents
    }

    /// Waits until the device has read at least `count` `EV_FF` events, at most `seconds`.
    @discardableResult
    public func waitForForceFeedbackEvents(atLeast count: Int, seconds: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock(); defer { condition.unlock() }
        while ffEvents < count {
            if !condition.wait(until: deadline) { return ffEvents >= count }
        }
        return true
    }

    /// Every effect start, with the effect its slot held then.
    public var playedEffects: [PlayedHapticEffect] { Self.playedEffects(in: events) }

    /// Effects still running now: started, not stopped or erased since, and not yet over.
    public var runningEffects: Set<Int16> { Self.runningEffects(in: events, at: MonotonicClock.now()) }

    /// Every effect start in `events`, with the effect its slot held then.
    public static func playedEffects(in events: [HapticHardwareEvent]) -> [PlayedHapticEffect] {
        var slots: [Int16: HapticEffect?] = [:]
        var played: [PlayedHapticEffect] = []
        for event in events {
            switch event.kind {
            case .upload(let id, let effect, _, _): slots[id] = effect
            case .erase(let id): slots[id] = nil
            case .play(let id, _): played.append(PlayedHapticEffect(id: id, effect: slots[id] ?? nil, time: event.time))
            case .stop, .gain: break
            }
        }
        return played
    }

    /// The effects running at `now` (monotonic µs) according to `events`: started, neither
    /// stopped nor erased since, and not past their delay plus length (times their repeat count).
    public static func runningEffects(in events: [HapticHardwareEvent], at now: Int64) -> Set<Int16> {
        var slots: [Int16: HapticEffect?] = [:]
        var ends: [Int16: Int64] = [:]
        for event in events {
            switch event.kind {
            case .upload(let id, let effect, _, _): slots[id] = effect
            case .play(let id, let count):
                // An effect of unknown shape runs until stopped.
                let effect = slots[id] ?? nil
                ends[id] = effect.map { event.time + (Int64($0.delay) + Int64($0.length) * Int64(count)) * 1000 } ?? .max
            case .stop(let id): ends[id] = nil
            case .erase(let id):
                ends[id] = nil
                slots[id] = nil
            case .gain: break
            }
        }
        return Set(ends.filter { $0.value > now }.keys)
    }

    // MARK: - Lifetime

    /// Removes the device, then stops serving. Pending requests of other programs fail with
    /// `ENODEV`. Safe to call twice.
    public func destroy() {
        condition.lock()
        let alreadyDestroyed = destroyed
        destroyed = true
        condition.unlock()
        guard !alreadyDestroyed else { return }
        _ = fb_ioctl_int(uinput, fb_ui_dev_destroy(), 0)
        condition.lock()
        serving = false
        condition.unlock()
        var one: UInt64 = 1
        _ = Glibc.write(wakeDescriptor, &one, 8)
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
        Glibc.close(uinput)
        Glibc.close(wakeDescriptor)
    }

    // MARK: - Serving

    private func serve() {
        var buffer = [input_event](repeating: input_event(), count: 64)
        var fds = [pollfd(fd: uinput, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            condition.lock()
            let keepServing = serving
            condition.unlock()
            guard keepServing else { break }
            fds[0].revents = 0
            fds[1].revents = 0
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno != EINTR { break }
            if fds[1].revents != 0 { continue }  // woken to stop: `serving` is false now
            if fds[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 && fds[0].revents & Int16(POLLIN) == 0 { break }
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(uinput, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                for index in 0..<(count / MemoryLayout<input_event>.stride) { handle(buffer[index]) }
            }
        }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func handle(_ event: input_event) {
        let time = Int64(event.time.tv_sec) * 1_000_000 + Int64(event.time.tv_usec)
        switch Int32(event.type) {
        case EV_UINPUT where Int32(event.code) == UI_FF_UPLOAD:
            var request = uinput_ff_upload()
            request.request_id = UInt32(bitPattern: event.value)
            guard fb_ioctl_pointer(uinput, fb_ui_begin_ff_upload(), &request) == 0 else { return }
            let effect = FFEffectConversion.effect(request.effect)
            let refused = profile.refusedEffectTypes.contains(request.effect.type)
            request.retval = refused ? -EINVAL : 0
            if !refused {
                record(.upload(id: request.effect.id, effect: effect, typeCode: request.effect.type, isUpdate: request.old.type != 0), time: time) {
                    $0.live[request.effect.id] = .some(effect)
                    $0.mostResident = max($0.mostResident, $0.live.count)
                }
            }
            _ = fb_ioctl_pointer(uinput, fb_ui_end_ff_upload(), &request)
        case EV_UINPUT where Int32(event.code) == UI_FF_ERASE:
            var request = uinput_ff_erase()
            request.request_id = UInt32(bitPattern: event.value)
            guard fb_ioctl_pointer(uinput, fb_ui_begin_ff_erase(), &request) == 0 else { return }
            let id = Int16(truncatingIfNeeded: request.effect_id)
            record(.erase(id: id), time: time) { $0.live[id] = nil }
            request.retval = 0
            _ = fb_ioctl_pointer(uinput, fb_ui_end_ff_erase(), &request)
        case EV_FF where event.code == FFCode.gain:
            record(.gain(UInt16(truncatingIfNeeded: event.value)), time: time) { $0.ffEvents += 1 }
        case EV_FF where event.code < FFCode.gain:
            let id = Int16(event.code)
            if event.value > 0 {
                record(.play(id: id, count: event.value), time: time) { $0.plays += 1; $0.ffEvents += 1 }
            } else {
                record(.stop(id: id), time: time) { $0.ffEvents += 1 }
            }
        default:
            break
        }
    }

    private func record(_ kind: HapticHardwareEvent.Kind, time: Int64, update: (VirtualHapticDevice) -> Void = { _ in }) {
        condition.lock()
        if keeping { log.append(HapticHardwareEvent(kind: kind, time: time)) }
        update(self)
        condition.broadcast()
        condition.unlock()
    }
}
