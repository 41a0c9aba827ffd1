import ForceBus
import ForceCore
import ForceDevices
import ForceService
import ForceTestSupport
import Glibc
import SystemPackage
import Testing

/// The service's haptics on the host, on a simulated motor: every request plays through the
/// engine (effects uploaded once and reused), each client has its own rate limit, and a
/// client's feedback ends when it leaves the bus, nobody else's.
@Suite(.busClientsInstalled)
struct ServiceHapticsTests {
    static let motorNode = "/dev/input/motor"
    /// A pattern of one 20 s continuous event: it plays until something stops it.
    static let long = #"{"Pattern": [{"Event": {"EventType": "HapticContinuous", "Time": 0, "EventDuration": 20}}]}"#
    static let tap = #"{"Pattern": [{"Event": {"EventType": "HapticTransient", "Time": 0}}]}"#

    @Test func everyKindOfRequestPlaysOnTheMotor() throws {
        let harness = try ServiceHarness()
        let motor = try harness.devices.plugMotor(node: Self.motorNode)
        try harness.start()
        #expect(try harness.call("ListHaptics").get().read([String].self) == [Self.motorNode])
        #expect(harness.log.text.contains("motor added kind=other name=\"ForceBridge Test Vibrator\" node=\(Self.motorNode) slots=16"),
                "\(harness.log.text)")

        let impact = try harness.busctl(["call", ServiceNames.busName, ServiceNames.path, ServiceNames.interface, "Impact", "ssd", "", "heavy", "1"])
        #expect(impact.status == 0, "\(impact)")
        #expect(motor.playCount == 1)
        let notification = try harness.gdbus(["call", "--session", "-d", ServiceNames.busName, "-o", ServiceNames.path,
                                              "-m", ServiceNames.interface + ".Notification", Self.motorNode, "error"])
        #expect(notification.status == 0, "\(notification)")
        #expect(motor.playedEffects.count > 1)
        // gdbus left: its notification stops (else it would outrank what follows).
        #expect(harness.pump { motor.runningEffects.isEmpty }, "\(motor.events.suffix(4))")
        _ = try harness.call("Selection") { message throws(BusError) in try message.append("Vibrator") }.get()
        let pattern = try harness.python(["pattern", Self.tap])
        #expect(harness.finish(pattern) == 0 && pattern.standardOutput == "ok\n", "\(pattern.standardOutput)\(pattern.standardError)")

        // A pattern from a file passed as a descriptor.
        let directory = try TemporaryDirectory()
        let file = try FileDescriptor.open(try directory.write(Self.tap, to: "tap.ahap"), .readOnly)
        defer { try? file.close() }
        let plays = motor.playCount
        _ = try harness.call("PlayPatternFile") { message throws(BusError) in try message.append(""); try message.append(file) }.get()
        #expect(motor.playCount == plays + 1)

        // Prepared ahead, a pattern plays without an upload.
        let prepared = #"{"Pattern": [{"Event": {"EventType": "HapticTransient", "Time": 0, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.42}]}}]}"#
        _ = try harness.call("Prepare") { message throws(BusError) in try message.append(""); try message.append(prepared) }.get()
        let uploads = motor.uploadCount
        _ = try harness.call("PlayPattern") { message throws(BusError) in try message.append(""); try message.append(prepared) }.get()
        #expect(motor.uploadCount == uploads && motor.playCount == plays + 2, "\(motor.events.suffix(3))")

        // The same requests again upload nothing: the effects are reused.
        let before = motor.uploadCount
        #expect(try harness.busctl(["call", ServiceNames.busName, ServiceNames.path, ServiceNames.interface, "Impact", "ssd", "", "heavy", "1"]).status == 0)
        _ = try harness.call("Selection") { message throws(BusError) in try message.append("") }.get()
        #expect(motor.uploadCount == before, "\(motor.events.suffix(4))")
        #expect(motor.residentEffects.count <= 16)

        // At exit every effect is stopped and erased.
        harness.stop()
        #expect(motor.residentEffects.isEmpty && motor.runningEffects.isEmpty, "\(motor.residentEffects)")
    }

    @Test func eachClientHasItsOwnRateLimit() throws {
        let harness = try ServiceHarness { $0.rateLimit = RequestRateLimit(perSecond: 0.001, burst: 3) }
        let motor = try harness.devices.plugMotor(node: Self.motorNode)
        try harness.start()
        var answers: [String] = []
        for _ in 0..<5 {
            let result = try harness.call("Selection") { message throws(BusError) in try message.append("") }
            answers.append((try? result.get()) != nil ? "ok" : (result.failure?.name ?? "?"))
        }
        #expect(answers == ["ok", "ok", "ok", BusError.Names.limitsExceeded, BusError.Names.limitsExceeded])
        #expect(motor.playCount == 3)
        // Another client is not held back by the first one's requests.
        let other = try harness.busctl(["call", ServiceNames.busName, ServiceNames.path, ServiceNames.interface, "Selection", "s", ""])
        #expect(other.status == 0, "\(other)")
        #expect(motor.playCount == 4)
        let refused = try harness.gdbus(["call", "--session", "-d", ServiceNames.busName, "-o", ServiceNames.path, "-m", ServiceNames.interface + ".Selection", ""])
        #expect(refused.status == 0, "a new client has a limit of its own: \(refused)")
        // The limit hit is logged once for the client, not per request.
        let notices = harness.log.text.split(separator: "\n").filter { $0.contains("rate limit hit") }
        let name = try harness.client.uniqueName()
        #expect(notices.count == 1 && notices[0].contains("client=\(name)"), "\(notices)")
    }

    @Test func aClientsFeedbackEndsWhenItLeavesAndNobodyElses() throws {
        let harness = try ServiceHarness()
        let motor = try harness.devices.plugMotor(node: Self.motorNode)
        try harness.start()
        // python3-dbus plays a long pattern and exits: its pattern stops.
        let python = try harness.python(["pattern", Self.long])
        #expect(harness.finish(python) == 0 && python.standardOutput == "ok\n", "\(python.standardOutput)\(python.standardError)")
        #expect(harness.pump { motor.runningEffects.isEmpty }, "the pattern played on after its client left: \(motor.events)")
        #expect(motor.stopCount >= 1)

        // A client that stays: a client leaving that had nothing playing changes nothing.
        _ = try harness.call("PlayPattern") { message throws(BusError) in try message.append(""); try message.append(Self.long) }.get()
        #expect(!motor.runningEffects.isEmpty)
        let stops = motor.stopCount
        let list = try harness.python(["list"])
        #expect(harness.finish(list) == 0)
        let (other, binding) = try harness.connect("other")
        let otherName = try other.uniqueName()
        _ = try harness.call("ListHaptics", on: other, binding: binding).get()
        binding.detach()
        other.close()
        // Once the bus has seen it leave, a call reaches the service after anything the bus said of it.
        try harness.waitUntilGone(otherName)
        _ = try harness.call("ListHaptics").get()
        #expect(motor.stopCount == stops && !motor.runningEffects.isEmpty, "\(motor.events.suffix(3))")

        // Stop stops the caller's own feedback.
        _ = try harness.call("Stop") { message throws(BusError) in try message.append("") }.get()
        #expect(motor.runningEffects.isEmpty && motor.stopCount > stops)
    }

    @Test func motorsComeAndGo() throws {
        let harness = try ServiceHarness()
        try harness.start()
        #expect(harness.log.text.contains("no force-feedback device yet"), "\(harness.log.text)")
        let none = try harness.call("Selection") { message throws(BusError) in try message.append("") }
        #expect(none.failure?.name == "org.forcebridge.ForceBridge1.Error.NoHaptics", "\(none)")
        let motor = try harness.devices.plugMotor(.rumbleOnly(name: "ForceBridge Test Rumble"), node: Self.motorNode)
        _ = try harness.call("Impact") { message throws(BusError) in try message.append("Rumble"); try message.append("light"); try message.append(0.5) }.get()
        #expect(motor.playCount == 1)
        harness.devices.unplugMotor(motor)
        #expect(try harness.call("ListHaptics").get().read([String].self) == [])
        #expect(harness.log.text.contains("motor removed node=\(Self.motorNode)"), "\(harness.log.text)")
        // A motor this user may not write to is not one.
        try harness.devices.plugMotor(node: "/dev/input/locked", access: .readOnly)
        #expect(try harness.call("ListHaptics").get().read([String].self) == [])
    }
}

extension Result {
    /// The error, if this is one.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
