import ForceCore
import PropertyBased
import Testing

/// For any stream of events and any profile: the twin writes one frame per frame, with the same
/// events in the same order but for pressure and `BTN_TOUCH`; its pressure stays on the axis and
/// never falls as the raw pressure rises.
@Suite("The twin's frames: properties")
struct TwinPropertyTests {
    /// A profile from generated numbers (any curve kind, tips and full points anywhere).
    static let profile = PropertyBased.zip(Gen.int(in: 0...2), Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0.01...1),
                                           Gen.bool, Gen.int(in: 0...600))
        .map { kind, parameter, tip, full, learns, offset -> PressureProfile in
            let curves: [PressureCurve] = [.linear, .gamma(0.3 + 3 * parameter), .bezier(x1: parameter, y1: 1 - parameter, x2: 0.5, y2: parameter)]
            return PressureProfile(restingOffset: Double(offset), learnsRestingOffset: learns, curve: curves[kind], tip: tip / 2, full: full)
        }

    /// One event a pen or a touchscreen might send (or one it might not: passing through is blind).
    static let event = PropertyBased.zip(Gen.int(in: 0...11), Gen.int(in: -5...1100)).map { choice, value -> (EventType, EventCode, Int32) in
        let value = Int32(value)
        switch choice {
        case 0: return (.abs, AbsCode.pressure, value)
        case 1: return (.key, KeyCode.touch, value & 1)
        case 2: return (.key, KeyCode.toolPen, value & 1)
        case 3: return (.abs, AbsCode.distance, value % 32)
        case 4: return (.abs, AbsCode.x, value)
        case 5: return (.abs, AbsCode.mtSlot, abs(value) % 12)
        case 6: return (.abs, AbsCode.mtTrackingID, value % 7 - 1)
        case 7: return (.abs, AbsCode.mtPressure, value % 300)
        case 8: return (.msc, MscCode.serial, value)
        case 9: return (.key, KeyCode.buttonStylus, value & 1)
        case 10: return (.abs, AbsCode.tiltX, value % 64)
        default: return (.syn, SynCode.mtReport, 0)
        }
    }

    static let devices = [TestDevices.bambooPen(), TestDevices.bambooPen(distance: false), TestDevices.slotTouchscreen(),
                          TestDevices.singleTouchscreen(), TestDevices.anonymousTouchscreen(trackingIDs: true)]

    @Test func framesPassThroughButForPressureAndTouch() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...4), Self.profile, Self.event.array(of: 0...12).array(of: 1...25)) { index, profile, frames in
            var twin = TwinRewriting(Self.devices[index], profile: profile)
            for (number, frame) in frames.enumerated() {
                if number == frames.count / 2 { twin.rewriter.setProfile(PressurePreset.allCases[number % 3].profile(over: profile)) }
                let written = twin.frame(frame)
                let passed = written.filter { !TwinRewriting.isRewritten($0) && !($0.type == .abs && $0.code == AbsCode.mtSlot) }
                let sent = frame.map { InputEvent(time: twin.time, type: $0.0, code: $0.1, value: $0.2) }
                    .filter { !TwinRewriting.isRewritten($0) && !($0.type == .abs && $0.code == AbsCode.mtSlot) }
                #expect(passed == sent + [.report(at: twin.time)], "\(Self.devices[index].name) \(profile)")
                // Slot selections the twin adds to rewrite a still contact end where the frame's did.
                let slots = written.filter { $0.type == .abs && $0.code == AbsCode.mtSlot }.map(\.value)
                let sentSlots = frame.filter { $0.0 == .abs && $0.1 == AbsCode.mtSlot }.map(\.2)
                if let last = sentSlots.last { #expect(slots.last == last) }
                // Pressure the device has stays on its axis (what it does not have passes as it came).
                for code in [AbsCode.pressure, AbsCode.mtPressure] {
                    guard let axis = Self.devices[index].axis(code) else { continue }
                    #expect(written.filter { $0.type == .abs && $0.code == code }.allSatisfy { (axis.minimum...axis.maximum).contains($0.value) })
                }
                #expect(written.filter { $0.type == .key && $0.code == KeyCode.touch }.allSatisfy { $0.value == 0 || $0.value == 1 })
            }
            #expect(twin.written.count == frames.count)
        }
    }

    @Test func aPressThatRisesNeverReadsLess() async {
        await propertyCheck(count: 200, input: Self.profile, Gen.int(in: 0...1023).array(of: 2...40)) { profile, pressures in
            var twin = TwinRewriting(TestDevices.bambooPen(), profile: profile)
            twin.frame([(.key, KeyCode.toolPen, 1), (.abs, AbsCode.distance, 0)])
            var previous: Int32 = -1
            var wasDown = false
            for raw in pressures.sorted() {
                let frame = twin.frame([(.abs, AbsCode.pressure, Int32(raw))])
                let output = TwinRewriting.value(.abs, AbsCode.pressure, in: frame) ?? previous
                #expect(output >= previous || (!wasDown && output == 0), "\(profile) \(pressures.sorted())")
                #expect(!wasDown || twin.rewriter.isTipDown, "a rising press never lifts the tip")
                #expect(!twin.rewriter.isTipDown || output >= PressureMapping.readerTipLevel(of: AxisInfo(minimum: 0, maximum: 1023)))
                previous = max(previous, output)
                wasDown = twin.rewriter.isTipDown
            }
        }
    }
}
