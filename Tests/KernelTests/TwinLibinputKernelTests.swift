import ForceCore
import ForceDevices
import ForceSystem
import ForceService
import ForceTestSupport
import Foundation
import Glibc
import Testing

extension SessionBusGuestTests {
    /// `forcebridge twin` read by a real client: `libinput debug-events --verbose` on the udev
    /// seat, as a compositor reads a worn Wacom pen (it rests at 30 % of the range) before, through
    /// and after the twin, with the profile switched over D-Bus in between.
    @Suite(.serialized, .feedbackdGuestOnly)
    struct TwinLibinput {
        init() throws { try UdevGuest.prepare() }

        /// libinput's pressure where the twin's touching output starts: the twin puts contact at
        /// 5 % of the range (libinput's own tip threshold), and libinput scales pressure from its
        /// lower threshold, 1 % of the range, to the maximum.
        static let contactPressure = (0.05 - 0.01) / 0.99
        /// How far libinput's pressure may be from the curve: its two printed decimals (±0.005),
        /// the twin's whole units, and libinput's thresholds in whole units.
        static let tolerance = 0.015

        @Test func libinputFeelsTheProfileAndTheOriginalAgainAfterAKill() throws {
            let pen = try TwinPen(name: "ForceBridge Twin Pen")
            let original = LibinputReader.sysname(pen.node)
            let libinput = try LibinputReader(waitingFor: [pen.node])

            // Before: the raw pen, hovering with its worn tip at 30 %, is drawing for libinput
            // (it ignores a resting offset above 20 % of the range).
            try pen.proximityIn()
            try pen.at(distance: 0)
            #expect(libinput.waitFor({ $0.device == original && $0.tipDown == true }) != nil, "\(libinput.transcript)")
            try pen.proximityOut()
            #expect(libinput.waitFor({ $0.device == original && $0.line.contains("proximity-out") }) != nil, "\(libinput.transcript)")

            // Through the twin: the profile of the issue, the tip at 3 % above the learned rest.
            var twin = try TwinGuest.Running(original: pen.node, ["--curve", "0.2,0.1,0.8,0.9", "--tip", "3%", "--full", "85%"])
            defer { if twin.process.isRunning { twin.process.send(SIGKILL) } }
            let twinName = LibinputReader.sysname(twin.twinNode)
            let added = try #require(libinput.waitFor({ $0.device == twinName && $0.kind == "DEVICE_ADDED" }, seconds: 120), "\(libinput.transcript)")
            let twinStart = libinput.events.firstIndex(of: added) ?? 0
            // libinput forces a tablet out of proximity after 50 ms without events until the device
            // has once left proximity by itself: one visit first, so that it reads the rest as sent.
            try pen.proximityIn()
            try pen.proximityOut()
            try #require(libinput.waitFor({ $0.device == twinName && $0.line.contains("proximity-out") }) != nil, "\(libinput.transcript)")

            // The worn pen hovers, then rests on the tablet: pressure 0, no tip.
            let hover = try libinput.show(on: twinName) { try pen.proximityIn() }
            #expect(hover.line.contains("proximity-in"), "\(hover.line)")
            for distance: Int32 in [20, 5, 0] {
                let event = try libinput.show(on: twinName) { try pen.at(distance: distance) }
                #expect(event.tipDown == nil, "no tip while resting: \(event.line)")
                if distance == 0 { #expect(event.pressure == 0, "resting reads as no pressure: \(event.line)") }
            }
            try expectStroke(pen, on: twinName, libinput, tip: 0.03, full: 0.85, curve: .bezier(x1: 0.2, y1: 0.1, x2: 0.8, y2: 0.9))

            // The curve switched over D-Bus while libinput reads: the next stroke follows it.
            let bus = TwinControl.busName(forOriginal: pen.node)
            let set = try ChildProcess.run("/usr/bin/busctl", ["--user", "call", bus, TwinControl.path, TwinControl.interfaceName, "SetPressureProfile",
                                                               "sa{sv}", pen.node, "3", "curve", "s", "0.75,0,1,0.25", "tip", "d", "0.08", "full", "d", "1"])
            #expect(set.status == 0, "\(set.output) \(set.error)")
            try expectStroke(pen, on: twinName, libinput, tip: 0.08, full: 1, curve: .bezier(x1: 0.75, y1: 0, x2: 1, y2: 0.25))

            // Meanwhile libinput got nothing from the grabbed original and kept the same twin.
            let during = libinput.events.dropFirst(twinStart + 1)
            #expect(!during.contains { $0.device == original }, "the grabbed original reached libinput: \(libinput.transcript)")
            #expect(!during.contains { $0.kind.hasPrefix("DEVICE_") && [original, twinName].contains($0.device) },
                    "libinput's device list changed: \(libinput.transcript)")

            // kill -9: the kernel lets go of the grab and removes the twin; libinput reads the
            // original again, without a restart.
            let beforeKill = libinput.events.count
            twin.process.send(SIGKILL)
            twin.process.wait(seconds: 30)
            #expect(libinput.waitFor(from: beforeKill, { $0.device == twinName && $0.kind == "DEVICE_REMOVED" }) != nil, "\(libinput.transcript)")
            try pen.proximityOut()
            try pen.proximityIn(pressure: 0)
            try pen.at(distance: 0, pressure: 3000)
            #expect(libinput.waitFor(from: beforeKill, { $0.device == original && $0.tipDown == true }) != nil,
                    "libinput does not read the original after the kill: \(libinput.transcript)")
            twin = try TwinGuest.Running(original: pen.node)  // and it can be twinned again at once
            twin.process.send(SIGTERM)
            #expect(twin.process.wait(seconds: 30) == 0, "\(twin.process.standardError)")
        }

        /// A press from rest to past full and back, the pen resting at `TwinPen.resting`: libinput's
        /// tip goes down at the first frame at the rest `+ tip × range` and its pressure follows
        /// `curve` from there to `full × range`; on the way back the tip goes up once.
        private func expectStroke(_ pen: TwinPen, on device: String, _ libinput: LibinputReader,
                                  tip: Double, full: Double, curve: PressureCurve,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
            let range = Double(TwinPen.axis.maximum - TwinPen.axis.minimum)
            let tipDown = Double(TwinPen.resting) + tip * range, fullLevel = full * range
            let raws = TwinPen.press()
            let start = libinput.tabletEvents(on: device).count
            var shown: [LibinputEvent] = []
            for raw in raws { shown.append(try libinput.show(on: device) { try pen.at(distance: 0, pressure: raw) }) }
            #expect(libinput.tabletEvents(on: device).count - start == raws.count, "one event per frame: \(libinput.transcript)",
                    sourceLocation: sourceLocation)
            var worst = 0.0
            for (raw, event) in zip(raws, shown) where Double(raw) >= tipDown {
                let pressure = try #require(event.pressure, "\(event.line)", sourceLocation: sourceLocation)
                let u = min(max((Double(raw) - tipDown) / (fullLevel - tipDown), 0), 1)
                let expected = Self.contactPressure + (1 - Self.contactPressure) * curve.apply(u)
                worst = max(worst, abs(pressure - expected))
                #expect(abs(pressure - expected) <= Self.tolerance, "raw \(raw): libinput \(pressure), the curve \(expected)", sourceLocation: sourceLocation)
            }
            let downs = zip(raws, shown).filter { $0.1.tipDown == true }.map(\.0)
            let expectedDown = raws.first { Double($0) >= tipDown }
            #expect(downs == [expectedDown].compactMap { $0 }, "the tip goes down once, at the first frame at \(tipDown): \(downs)",
                    sourceLocation: sourceLocation)
            print("twin through libinput: tip \(tip), curve \(curve.text): tip down at raw \(downs) (threshold \(tipDown)), "
                + "worst pressure error \(worst) over \(shown.count) frames")

            // Back to rest, then hovering: the tip goes up once, the pen stays in proximity.
            let release = libinput.tabletEvents(on: device).count
            for raw: Int32 in [6000, 4000, 3000, TwinPen.resting] { _ = try libinput.show(on: device) { try pen.at(distance: 0, pressure: raw) } }
            _ = try libinput.show(on: device) { try pen.at(distance: 20) }
            try #require(waitUntil(seconds: 30) { libinput.tabletEvents(on: device).last?.line.contains("distance: ") == true },
                         "libinput never showed the pen hovering again: \(libinput.transcript)", sourceLocation: sourceLocation)
            let back = libinput.tabletEvents(on: device).dropFirst(release)
            #expect(back.filter { $0.tipDown == false }.count == 1 && !back.contains { $0.line.contains("proximity-out") },
                    "the tip goes up once: \(libinput.transcript)", sourceLocation: sourceLocation)
        }
    }
}
