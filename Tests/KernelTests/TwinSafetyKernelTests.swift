import ForceCore
import ForceDevices
import ForceSystem
import ForceTestSupport
import Foundation
import Glibc
import Testing

extension UdevKernelTests {
    /// `forcebridge twin` on real devices with udev running: a touchscreen's contacts each get the
    /// curve; signals and unplugging end it cleanly; what it must not twin, it refuses in one line.
    @Suite struct TwinSafety {
        init() throws { try UdevGuest.prepare() }

        @Test(arguments: [SIGTERM, SIGINT])
        func aSignalLetsGoOfTheGrabAndRemovesTheTwin(_ signal: CInt) throws {
            let pen = try TwinPen(name: "ForceBridge Twin Signal Pen \(signal)")
            let twin = try TwinGuest.Running(original: pen.node)
            defer { if twin.process.isRunning { twin.process.send(SIGKILL) } }
            #expect(!TwinGuest.isUngrabbed(pen.node), "the twin holds the grab")
            try UdevGuest.settle()
            let properties = try UdevGuest.info(twin.twinNode).udevProperties
            #expect(properties["FORCEBRIDGE_TWIN"] == "1", "the rules mark the twin: \(properties)")

            twin.process.send(signal)
            #expect(twin.process.wait(seconds: 30) == 0, "\(twin.process.standardError)")
            #expect(twin.process.standardOutput.contains("Removed the twin \(twin.twinNode); \(pen.node) reads as before"), "\(twin.process.standardOutput)")
            #expect(waitUntil(seconds: 30) { TwinGuest.isGone(twin.twinNode) }, "\(twin.twinNode) is still there")
            #expect(TwinGuest.isUngrabbed(pen.node), "the original is still grabbed")
        }

        @Test func unpluggingTheOriginalRemovesTheTwin() throws {
            let pen = try TwinPen(name: "ForceBridge Twin Unplugged Pen")
            let twin = try TwinGuest.Running(original: pen.node)
            defer { if twin.process.isRunning { twin.process.send(SIGKILL) } }
            pen.device.destroy()
            #expect(twin.process.wait(seconds: 30) != 0)
            #expect(twin.process.standardError.contains("\(pen.node) went away; its twin \(twin.twinNode) was removed."), "\(twin.process.standardError)")
            #expect(waitUntil(seconds: 30) { TwinGuest.isGone(twin.twinNode) }, "\(twin.twinNode) outlived its original")
        }

        @Test func aDeviceAnotherProgramGrabbedIsAnErrorNotAFight() throws {
            let pen = try TwinPen(name: "ForceBridge Twin Grabbed Pen")
            let holder = try EvdevDevice(path: pen.node)
            defer { holder.close() }
            try holder.grab()
            let result = try ChildProcess.run(KernelGuest.forcebridge, ["twin", pen.node], seconds: 60)
            #expect(result.status != 0)
            #expect(result.error.contains("\(pen.node) (\"ForceBridge Twin Grabbed Pen\") is grabbed by another program"), "\(result.error)")
            #expect(result.error.split(separator: "\n").count == 1, "one line: \(result.error)")
            #expect(Self.twins(of: pen.node).isEmpty, "a twin was left behind")
            // The holder still has it: nothing was taken from it.
            #expect(!TwinGuest.isUngrabbed(pen.node))
        }

        @Test func keyboardsMicePadsForceFeedbackPressurelessScreensAndTwinsAreRefusedInOneLine() throws {
            let pen = try TwinPen(name: "ForceBridge Twin Refusing Pen")
            let twin = try TwinGuest.Running(original: pen.node)
            defer { if twin.process.isRunning { twin.process.send(SIGKILL) } }
            let devices = [
                (try UdevGuest.create(UdevTestDevices.keyboard(name: "ForceBridge Twin Keyboard")), "keys"),
                (try UdevGuest.create(UdevTestDevices.mouse(name: "ForceBridge Twin Mouse")), "mouse"),
                (try UdevGuest.create(UdevTestDevices.tabletPad(name: "ForceBridge Twin Pad")), "pad"),
                (try UdevGuest.create(UdevTestDevices.vibrator(name: "ForceBridge Twin Vibrator")), "force feedback"),
                (try UdevGuest.create(TestDevices.touchscreenWithoutForce(name: "ForceBridge Twin Plain Screen")), "without pressure"),
            ]
            for (created, reason) in devices {
                let node = created.node
                let result = try ChildProcess.run(KernelGuest.forcebridge, ["twin", node], seconds: 60)
                #expect(result.status != 0, "\(node) was twinned: \(result.output)")
                #expect(result.error.split(separator: "\n").count == 1 && result.error.contains(reason), "\(node): \(result.error)")
                #expect(Self.twins(of: node).isEmpty, "\(node) got a twin")
            }
            // The twin itself: its node names the original, which the running twin holds.
            let again = try ChildProcess.run(KernelGuest.forcebridge, ["twin", twin.twinNode], seconds: 60)
            #expect(again.status != 0)
            #expect(again.error.split(separator: "\n").count == 1 && again.error.contains("is grabbed by another program"), "\(again.error)")
            #expect(Self.twins(of: pen.node).count == 1, "never a second twin")
        }

        @Test func aTouchscreensContactsEachFollowTheCurve() throws {
            let (screen, node) = try UdevGuest.create(TestDevices.touchscreen(name: "ForceBridge Twin Screen"))
            let twin = try TwinGuest.Running(original: node, ["--curve", "0.2,0.1,0.8,0.9", "--tip", "3%", "--full", "85%"])
            defer { if twin.process.isRunning { twin.process.send(SIGKILL) } }
            let reader = try EvdevDevice(path: twin.twinNode)
            defer { reader.close() }
            let contacts = SlotPressures()

            // Two fingers, one pressing harder while the other lets go, in the same frames.
            let raws: [(Int32, Int32)] = (0...20).map { (step: Int32) -> (Int32, Int32) in
                let rise: Int32 = 40 + 8 * step
                let fall: Int32 = 200 - 8 * step
                return (rise, fall)
            }
            var time: Int64 = 0
            for (index, (first, second)) in raws.enumerated() {
                time += 8000
                var events: [(EventCode, Int32)] = [(AbsCode.mtSlot, 0)]
                if index == 0 { events += [(AbsCode.mtTrackingID, 10), (AbsCode.mtPositionX, 1000), (AbsCode.mtPositionY, 500)] }
                events += [(AbsCode.mtPressure, first), (AbsCode.mtSlot, 1)]
                if index == 0 { events += [(AbsCode.mtTrackingID, 11), (AbsCode.mtPositionX, 2500), (AbsCode.mtPositionY, 900)] }
                events += [(AbsCode.mtPressure, second)]
                for (code, value) in events { try screen.write(InputEvent(time: time, type: .abs, code: code, value: value)) }
                if index == 0 { try screen.write(InputEvent(time: time, type: .key, code: KeyCode.touch, value: 1)) }
                try screen.write(.report(at: time))
            }
            let curve = PressureCurve.bezier(x1: 0.2, y1: 0.1, x2: 0.8, y2: 0.9)
            func expected(_ raw: Int32) -> Int32 {
                let tipDown = 0.03 * 255, full = 0.85 * 255
                return Int32((curve.apply(min(max((Double(raw) - tipDown) / (full - tipDown), 0), 1)) * 255).rounded())
            }
            let want: [Int32: [Int32]] = [0: raws.map { expected($0.0) }, 1: raws.map { expected($0.1) }]
            #expect(waitUntil(seconds: 30) {
                _ = reader.drain(into: contacts)
                return contacts.pressures[1]?.count ?? 0 >= raws.count
            }, "the twin's contacts: \(contacts.pressures)")
            #expect(contacts.pressures == want, "each slot through the curve")
            #expect(contacts.trackingIDs == [0: 10, 1: 11], "tracking ids pass untouched")
        }

        /// The twins of `node` there are now (their phys names it).
        static func twins(of node: String) -> [String] {
            let original = LibinputReader.sysname(node)
            let inputs = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/input")) ?? []
            return inputs.filter { name in
                guard name.hasPrefix("input"), let phys = try? String(contentsOfFile: "/sys/class/input/\(name)/phys", encoding: .utf8) else { return false }
                return TwinMarker(physicalLocation: phys.trimmingCharacters(in: .whitespacesAndNewlines))?.original == original
            }
        }
    }
}

/// The pressures a reader of a multitouch node saw, slot by slot, and each slot's tracking id.
final class SlotPressures: InputEventSink {
    private(set) var pressures: [Int32: [Int32]] = [:]
    private(set) var trackingIDs: [Int32: Int32] = [:]
    private var slot: Int32 = 0

    func process(_ event: InputEvent) {
        guard event.type == .abs else { return }
        switch event.code {
        case AbsCode.mtSlot: slot = event.value
        case AbsCode.mtPressure: pressures[slot, default: []].append(event.value)
        case AbsCode.mtTrackingID: trackingIDs[slot] = event.value
        default: break
        }
    }

    func beginResynchronization(at time: Int64) {}
}
