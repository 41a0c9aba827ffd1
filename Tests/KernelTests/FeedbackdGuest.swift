import ForceBus
import ForceCore
import ForceDevices
import ForceTestSupport
import Glibc
import Testing

/// Debian's feedbackd in the guest (`guest-run --udev --dbus`), driving a uinput motor that
/// the guest rule `Tests/Kernel/udev/90-forcebridge-test-vibra.rules` tags `FEEDBACKD_TYPE=vibra`:
/// the anchor the service is measured against, and a real peer for ForceBus as a client.
final class FeedbackdGuest {
    static let busName = "org.sigxcpu.Feedback"
    static let path = "/org/sigxcpu/Feedback"
    static let interface = "org.sigxcpu.Feedback"
    static let rule = "90-forcebridge-test-vibra.rules"

    let motor: VirtualHapticDevice
    let node: String
    let bus: BusConnection
    private(set) var daemon: ChildProcess?
    /// `FeedbackEnded` signals received: id → reason.
    private(set) var ended: [UInt32: UInt32] = [:]
    private var endedMatch: BusSlot?

    /// Creates a motor feedbackd will take for its vibra; `startDaemon` starts feedbackd.
    init(slots: Int = 16) throws {
        try Self.installRule()
        motor = try VirtualHapticDevice(profile: Self.memlessVibrator(slots: slots))
        node = try #require(motor.eventNode(), "the motor's event node did not appear")
        try UdevGuest.settle()
        bus = try BusConnection.session(description: "forcebridge-feedbackd-test")
        endedMatch = try bus.addMatch("type='signal',interface='\(Self.interface)',member='FeedbackEnded'") { [unowned self] signal in
            if let id = try? signal.read(UInt32.self), let reason = try? signal.read(UInt32.self) { ended[id] = reason }
        }
    }

    /// A phone vibrator as ff-memless presents one: rumble, and the periodic waveforms it
    /// emulates with rumble (feedbackd 0.0.3 takes no motor without both), and gain.
    static func memlessVibrator(slots: Int) -> VirtualHapticProfile {
        VirtualHapticProfile(name: "ForceBridge Test Vibra \(getpid())-\(UInt16.random(in: 0...UInt16.max))",
                             effectCodes: [FFCode.rumble, FFCode.periodic, FFCode.square, FFCode.triangle, FFCode.sine, FFCode.gain],
                             effectSlots: slots)
    }

    deinit {
        stopDaemon()
        motor.destroy()
    }

    /// Whether udev gave the motor feedbackd's property.
    var isTaggedVibra: Bool {
        guard let result = try? UdevGuest.udevadm(["info", "--query=property", "--name=" + node]) else { return false }
        return result.output.split(separator: "\n").contains("FEEDBACKD_TYPE=vibra")
    }

    /// Starts `/usr/libexec/feedbackd` (with `theme` as `FEEDBACK_THEME` if given) and waits until
    /// it owns its name.
    func startDaemon(theme: String? = nil) throws {
        var environment = KernelGuest.environment
        if let theme { environment["FEEDBACK_THEME"] = theme }
        daemon = try ChildProcess("/usr/libexec/feedbackd", [], environment: environment)
        var owner: String?
        let watch = try bus.watchNameOwner(Self.busName) { owner = $0.newOwner }
        owner = try bus.nameOwner(of: Self.busName)
        let started = try SessionBusGuest.pump([bus]) { owner != nil }
        _ = watch
        try #require(started, "feedbackd did not take \(Self.busName): \(daemon?.standardError ?? "")")
    }

    /// Stops feedbackd (SIGTERM) and waits for it.
    func stopDaemon() {
        guard let daemon else { return }
        daemon.send(SIGTERM)
        daemon.wait()
        self.daemon = nil
    }

    /// Calls `TriggerFeedback(app_id, event, hints, timeout)` and returns the event id.
    func trigger(_ event: String, hints: [String: BusValue] = [:], timeout: Int32 = -1) throws -> UInt32 {
        let call = try bus.methodCall(destination: Self.busName, path: Self.path, interface: Self.interface, member: "TriggerFeedback")
        try call.append("org.forcebridge.Test")
        try call.append(event)
        try call.append(hints)
        try call.append(timeout)
        return try bus.call(call, timeout: .seconds(TestTimeout.seconds)).read(UInt32.self)
    }

    /// Calls `EndFeedback(id)`.
    func end(_ id: UInt32) throws {
        let call = try bus.methodCall(destination: Self.busName, path: Self.path, interface: Self.interface, member: "EndFeedback")
        try call.append(id)
        _ = try bus.call(call, timeout: .seconds(TestTimeout.seconds))
    }

    /// Waits for `FeedbackEnded(id, …)` and returns its reason.
    func waitForEnd(of id: UInt32) throws -> UInt32? {
        try SessionBusGuest.pump([bus]) { ended[id] != nil }
        return ended[id]
    }

    /// Runs `fbcli -E event` until the feedback has ended. fbcli ends the feedback when its
    /// standard input ends (it waits for RETURN) and gives up when its watch (`-w` seconds) runs
    /// out: its input stays open until it exits, and its watch is the tests' timeout.
    func fbcli(_ event: String, timeout: Int = -1) throws -> (status: Int32, output: String, error: String) {
        try SessionBusGuest.run("/usr/bin/fbcli", ["-E", event, "-t", "\(timeout)", "-w", "\(Int(TestTimeout.seconds))"],
                                serving: [bus], holdingInputOpen: true)
    }

    /// Makes sure every signal the daemon sent before now has been handled: a call it answers
    /// after sending them (`org.freedesktop.DBus.Peer.Ping`), then what came with the answer.
    func roundTrip() throws {
        let ping = try bus.methodCall(destination: Self.busName, path: Self.path, interface: "org.freedesktop.DBus.Peer", member: "Ping")
        _ = try bus.call(ping, timeout: .seconds(TestTimeout.seconds))
        try bus.processAll()
    }

    /// Waits until the motor has read everything written to it before this call: a gain of full
    /// strength (what ForceBridge leaves the gain at), written through the motor's node after
    /// those writes, reaches it after them (uinput hands the motor what was written in order).
    func motorHasReadEverythingWritten() throws -> Bool {
        let before = motor.events.count
        let writer = try ForceFeedbackDevice(path: node)
        defer { writer.close() }
        try writer.setGain(1)
        return motor.waitUntil { state in state.events.dropFirst(before).contains { $0.kind == .gain(0xFFFF) } }
    }

    /// The effects uploaded, in order.
    var uploads: [HapticEffect?] {
        motor.events.compactMap { if case .upload(_, let effect, _, _) = $0.kind { return effect } else { return nil } }
    }

    private static func installRule() throws {
        let source = KernelGuest.repositoryRoot.appendingPathComponent("Tests/Kernel/udev/" + rule).path
        let result = try ChildProcess.run("/bin/cp", [source, "/etc/udev/rules.d/" + rule])
        try #require(result.status == 0, "cannot install the vibra rule: \(result.error)")
        try UdevGuest.udevadm(["control", "--reload"])
    }
}

extension Trait where Self == ConditionTrait {
    /// A test that needs udev and the session bus in the guest (`guest-run --udev --dbus`).
    static var feedbackdGuestOnly: Self {
        .enabled(if: KernelGuest.isActive && UdevGuest.isRunning && SessionBusGuest.isRunning,
                 "needs the kernel guest with udev and a session bus (Tests/Kernel/guest-run --udev --dbus)")
    }
}
