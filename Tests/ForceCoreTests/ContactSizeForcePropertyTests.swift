import ForceCore
import PropertyBased
import Testing

/// Contact-size force for any axis range and calibration: a bigger contact never gives less
/// force, whether asked of the model or reported by the tracker, and the range is 0 at the
/// resting size up to `maximumPossibleForce`.
@Suite("Force estimated from contact size: properties")
struct ContactSizeForcePropertyTests {
    /// An axis range, a calibration within it and the curve, from generated numbers.
    struct Setup: CustomStringConvertible {
        var minimum: Int32
        var maximum: Int32
        var calibration: ForceCalibration

        init(minimum: Int, span: Int, resting: Double, average: Double, curve: Int, parameter: Double, widthOnly: Bool) {
            self.minimum = Int32(minimum)
            maximum = Int32(minimum + span)
            let curves: [PressureCurve] = [.linear, .gamma(0.4 + 2.6 * parameter), .bezier(x1: parameter, y1: 0.1, x2: 0.9, y2: 1 - parameter / 2)]
            let rest = Double(minimum) + resting * Double(span) / 2
            calibration = ForceCalibration(
                restingContactSize: rest, averageContactSize: rest + average * (Double(maximum) - rest),
                contactSizeCurve: curves[curve % curves.count])
            self.widthOnly = widthOnly
        }

        var widthOnly: Bool

        var code: EventCode { widthOnly ? AbsCode.mtWidthMajor : AbsCode.mtTouchMajor }

        var device: DeviceDescription {
            var device = TestDevices.positionsOnlyTouchscreen()
            device.enable(.abs, code: code, axis: AxisInfo(minimum: minimum, maximum: maximum))
            return device
        }

        var description: String { "\(minimum)...\(maximum) \(calibration)" }
    }

    /// Curve choices 0...2 on `ABS_MT_TOUCH_MAJOR`, 3...5 the same on `ABS_MT_WIDTH_MAJOR`.
    static let setup = PropertyBased.zip(
        Gen.int(in: 0...50), Gen.int(in: 1...2000), Gen.double(in: 0...1), Gen.double(in: 0.01...1),
        Gen.int(in: 0...5), Gen.double(in: 0...1)
    ).map { Setup(minimum: $0, span: $1, resting: $2, average: $3, curve: $4 % 3, parameter: $5, widthOnly: $4 >= 3) }

    @Test func theModelsForceIsMonotonicInSize() async {
        await propertyCheck(count: 300, input: Self.setup, Gen.int(in: -100...2200).array(of: 2...40)) { setup, sizes in
            let model = ForceModel(device: setup.device, calibration: setup.calibration)
            #expect(model.forceSource == .contactSize)
            let forces = sizes.sorted().map { model.force(raw: Int32($0)) }
            for (smaller, bigger) in zip(forces, forces.dropFirst()) {
                // Bézier curves are solved by bisection, exact to about 1e-6 of the range.
                #expect(smaller <= bigger + 1e-5 * model.maximumPossibleForce, "\(setup) \(sizes.sorted()) \(forces)")
            }
            #expect(forces.allSatisfy { $0 >= 0 && $0 <= model.maximumPossibleForce * (1 + 1e-12) })
            #expect(model.force(raw: Int32(model.offset.rounded(.down))) == 0)
        }
    }

    @Test func aGrowingContactReportsGrowingForce() async {
        await propertyCheck(count: 200, input: Self.setup, Gen.int(in: 0...2200).array(of: 2...30)) { setup, sizes in
            let harness = TrackerHarness(setup.device)
            var forces: [Double] = []
            for (index, size) in sizes.sorted().enumerated() {
                let events: [ScriptEvent] = (index == 0 ? [.abs(AbsCode.mtTrackingID, 1)] : []) + [.abs(setup.code, Int32(size))]
                forces += harness.frame(events).map(\.force)
            }
            #expect(!forces.isEmpty)
            for (smaller, bigger) in zip(forces, forces.dropFirst()) {
                #expect(smaller <= bigger + 1e-5 * harness.tracker.forceModel.maximumPossibleForce, "\(setup) \(forces)")
            }
        }
    }
}
