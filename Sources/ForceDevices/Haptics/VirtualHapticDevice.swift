import CEvdev
import CSystemShims
import ForceCore
import ForceSystem
import Glibc
import Synchronization
import SystemPackage

/// A kernel force-feedback device made with uinput that plays the hardware's part: it answers
/// every upload and erase the kernel passes on, and records uploads, erases, starts, stops and
/// gain changes with the kernel's timestamps. Programs see an ordinary `/dev/input/eventN`
/// with `EV_FF`; tests and benchmarks check exactly what reached the "motor".
///
/// A thread serves the requests from creation until `destroy()` (`VirtualHapticServer`): the
/// kernel holds a program's upload (and even its `close()` of a descriptor that owns effects)
/// until the device answers, for up to 30 s, so the answers must keep coming whatever the test
/// is doing. The device is created with raw uinput calls (`UI_DEV_SETUP`) because
/// `ff_effects_max` must be set.
public final class VirtualHapticDevice: Sendable {
    /// What it pretends to be.
    public let profile: VirtualHapticProfile
    /// The kernel's name for it (`input7`).
    public let sysname: String

    private let server: VirtualHapticServer
    private let thread: WorkerThread

    /// Creates the device and starts serving it.
    public init(profile: VirtualHapticProfile) throws(DeviceError) {
        self.profile = profile
        let uinput: FileDescriptor
        do {
            uinput = try SystemCall.open("/dev/uinput", .readWrite, options: [.nonBlocking, .closeOnExec])
        } catch {
            throw .uinputUnavailable(detail: error == .noSuchFileOrDirectory ? "no /dev/uinput" : DeviceError.message(for: error))
        }
        do {
            sysname = try Self.create(profile, on: uinput)
            server = try VirtualHapticServer(uinput: uinput, profile: profile)
        } catch {
            _ = try? SystemCall.ioctl(uinput, fb_ui_dev_destroy(), value: 0)
            uinput.closeQuietly()
            throw error
        }
        do {
            thread = try WorkerThread { [server] in server.serve() }
        } catch {
            throw DeviceError(error)
        }
    }

    /// Sets the device up and creates it; returns its sysname.
    private static func create(_ profile: VirtualHapticProfile, on uinput: FileDescriptor) throws(DeviceError) -> String {
        func check(_ what: String, _ call: () throws(Errno) -> CInt) throws(DeviceError) {
            do {
                _ = try call()
            } catch {
                throw .uinputUnavailable(detail: "\(what) failed: \(DeviceError.message(for: error))")
            }
        }
        try check("UI_SET_EVBIT EV_FF") { () throws(Errno) in try SystemCall.ioctl(uinput, fb_ui_set_evbit(), value: EV_FF) }
        for code in profile.effectCodes {
            try check("UI_SET_FFBIT \(code)") { () throws(Errno) in try SystemCall.ioctl(uinput, fb_ui_set_ffbit(), value: Int32(code.rawValue)) }
        }
        if !profile.keys.isEmpty {
            try check("UI_SET_EVBIT EV_KEY") { () throws(Errno) in try SystemCall.ioctl(uinput, fb_ui_set_evbit(), value: EV_KEY) }
            for key in profile.keys {
                try check("UI_SET_KEYBIT \(key)") { () throws(Errno) in try SystemCall.ioctl(uinput, fb_ui_set_keybit(), value: Int32(key.rawValue)) }
            }
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
        try check("UI_DEV_SETUP") { () throws(Errno) in try SystemCall.ioctl(uinput, fb_ui_dev_setup(), &setup) }
        try check("UI_DEV_CREATE") { () throws(Errno) in try SystemCall.ioctl(uinput, fb_ui_dev_create(), value: 0) }
        var name = [CChar](repeating: 0, count: 64)
        _ = try? SystemCall.ioctl(uinput, fb_ui_get_sysname(64), &name)
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { destroy() }

    // MARK: - Finding the node

    /// The event node (`/dev/input/eventN`), once the kernel has made it; waits up to `seconds`.
    public func node(waitingUpTo seconds: Double = 5) -> String? {
        let deadline = MonotonicClock.now() + Int64(seconds * 1_000_000)
        repeat {
            if let name = eventName(), SystemCall.isAccessible("/dev/input/\(name)", F_OK) { return "/dev/input/\(name)" }
            SystemCall.sleep(microseconds: 10_000)
        } while MonotonicClock.now() < deadline
        return nil
    }

    private func eventName() -> String? {
        guard !sysname.isEmpty, let names = try? SystemCall.directoryEntries("/sys/devices/virtual/input/\(sysname)") else { return nil }
        return names.first { $0.hasPrefix("event") }
    }

    // MARK: - What the hardware saw

    /// Everything recorded so far, in order.
    public var events: [HapticHardwareEvent] { server.state.withLock { $0.log } }

    /// The effects uploaded and not erased, by id (nil: a type ForceBridge does not make).
    public var residentEffects: [Int16: HapticEffect?] { server.state.withLock { $0.live } }

    /// How many effect starts the device has seen (kept when events are cleared).
    public var playCount: Int { server.state.withLock { $0.plays } }

    /// The most effects the device held at once.
    public var mostResidentEffects: Int { server.state.withLock { $0.mostResident } }

    /// How many `EV_FF` events (starts, stops, gain) the device has read.
    public var forceFeedbackEventCount: Int { server.state.withLock { $0.forceFeedbackEvents } }

    /// Whether every event is kept in `events` (turn off for long runs; counters still count).
    public var keepsEvents: Bool {
        get { server.state.withLock { $0.keepsEvents } }
        set { server.state.withLock { $0.keepsEvents = newValue } }
    }

    /// Forgets the recorded events (the resident effects stay).
    public func clearEvents() {
        server.state.withLock { $0.log.removeAll() }
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
        server.wait(seconds: seconds) { predicate(State(events: $0.log, residentEffects: $0.live)) }
    }

    /// Waits until more than `count` starts were seen, at most `seconds`; returns whether they were.
    ///
    /// uinput passes everything to the device through a ring of 16 events that overwrites unread
    /// ones; a program that writes faster than the device reads loses events and can even push
    /// an upload request out of it, then waits 30 s for an answer. Waiting for what was written
    /// to be read (`waitForForceFeedbackEvents`) keeps the ring from overflowing.
    @discardableResult
    public func waitForPlays(exceeding count: Int, seconds: Double = 5) -> Bool {
        server.wait(seconds: seconds) { $0.plays > count }
    }

    /// Waits until the device has read at least `count` `EV_FF` events, at most `seconds`.
    @discardableResult
    public func waitForForceFeedbackEvents(atLeast count: Int, seconds: Double = 5) -> Bool {
        server.wait(seconds: seconds) { $0.forceFeedbackEvents >= count }
    }

    /// Every effect start, with the effect its slot held then.
    public var playedEffects: [PlayedHapticEffect] { Self.playedEffects(in: events) }

    /// Effects still running now: started, not stopped or erased since, and not yet over.
    public var runningEffects: Set<Int16> { Self.runningEffects(in: events, at: MonotonicClock.now()) }

    /// Every effect start in `events`, with the effect its slot held then.
    public static func playedEffects(in events: [HapticHardwareEvent]) -> [PlayedHapticEffect] {
        HapticHardwareEvent.playedEffects(in: events)
    }

    /// The effects running at `now` (monotonic µs) according to `events`.
    public static func runningEffects(in events: [HapticHardwareEvent], at now: Int64) -> Set<Int16> {
        HapticHardwareEvent.runningEffects(in: events, at: now)
    }

    // MARK: - Lifetime

    /// Removes the device, then stops serving. Pending requests of other programs fail with
    /// `ENODEV`. Safe to call twice.
    public func destroy() {
        guard server.beginDestroying() else { return }
        thread.join()
        server.close()
    }
}
