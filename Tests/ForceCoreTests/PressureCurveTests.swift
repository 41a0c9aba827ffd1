import ForceCore
import PropertyBased
import Testing

/// Curves applied after normalization: map 0...1 onto 0...1, monotonic, with fixed end points.
@Suite("Pressure curves")
struct PressureCurveTests {
    @Test func linearIsTheIdentity() {
        #expect(PressureCurve.linear.apply(0.3) == 0.3)
        #expect(PressureCurve.linear.apply(-1) == 0)
        #expect(PressureCurve.linear.apply(2) == 1)
    }

    @Test func gammaRaisesToThePower() {
        #expect(PressureCurve.gamma(2).apply(0.5) == 0.25)
        #expect(PressureCurve.gamma(0.5).apply(0.25) == 0.5)
        #expect(PressureCurve.gamma(3).apply(1) == 1)
        #expect(PressureCurve.gamma(3).apply(0) == 0)
    }

    @Test func bezierKeepsItsEndPoints() {
        for curve in [PressureCurve.bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1), .bezier(x1: 0, y1: 1, x2: 0, y2: 1), .bezier(x1: 1, y1: 0, x2: 1, y2: 0)] {
            #expect(curve.apply(0) == 0, "\(curve)")
            #expect(curve.apply(1) == 1, "\(curve)")
        }
    }

    @Test func bezierWithControlPointsOnTheDiagonalIsLinear() {
        let curve = PressureCurve.bezier(x1: 1.0 / 3, y1: 1.0 / 3, x2: 2.0 / 3, y2: 2.0 / 3)
        for x in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(isClose(curve.apply(x), x, tolerance: 1e-6), "x \(x)")
        }
    }

    @Test func symmetricEaseIsHalfWayAtHalf() {
        let curve = PressureCurve.bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        #expect(isClose(curve.apply(0.5), 0.5, tolerance: 1e-6))
        #expect(curve.apply(0.25) < 0.25)
        #expect(curve.apply(0.75) > 0.75)
    }

    @Test func validBeziersAreMonotonicWithinTheUnitSquare() async {
        let unit = Gen.double(in: 0...1)
        await propertyCheck(count: 200, input: unit, unit, unit, unit, unit.array(of: 2...12)) { x1, y1, x2, y2, inputs in
            let curve = PressureCurve.bezier(x1: x1, y1: y1, x2: x2, y2: y2)
            #expect(curve.isValid)
            let outputs = inputs.sorted().map(curve.apply)
            for (lower, upper) in zip(outputs, outputs.dropFirst()) {
                // Bisection is exact to about 1e-6.
                #expect(lower <= upper + 1e-5, "\(curve) at \(inputs.sorted())")
            }
            #expect(outputs.allSatisfy { (0...1).contains($0) })
        }
    }

    @Test func gammasAreMonotonic() async {
        await propertyCheck(count: 200, input: Gen.double(in: 0.1...5), Gen.double(in: 0...1).array(of: 2...12)) { exponent, inputs in
            let outputs = inputs.sorted().map(PressureCurve.gamma(exponent).apply)
            for (lower, upper) in zip(outputs, outputs.dropFirst()) {
                #expect(lower <= upper)
            }
        }
    }

    @Test func validity() {
        #expect(PressureCurve.linear.isValid)
        #expect(PressureCurve.gamma(1.4).isValid)
        #expect(!PressureCurve.gamma(0).isValid)
        #expect(!PressureCurve.gamma(-1).isValid)
        #expect(!PressureCurve.gamma(.infinity).isValid)
        #expect(!PressureCurve.gamma(.nan).isValid)
        #expect(PressureCurve.bezier(x1: 0, y1: 0, x2: 1, y2: 1).isValid)
        #expect(!PressureCurve.bezier(x1: -0.1, y1: 0, x2: 1, y2: 1).isValid)
        #expect(!PressureCurve.bezier(x1: 0, y1: 0, x2: 1.1, y2: 1).isValid)
        #expect(!PressureCurve.bezier(x1: 0.5, y1: .nan, x2: 0.5, y2: 1).isValid)
    }

    @Test func bezierLeavingTheUnitSquareIsInvalidBecauseItWouldNotBeMonotonic() {
        // y2 below 0 makes this curve fall between x ≈ 0.34 and x ≈ 0.66: force would drop while
        // pressure rises, and thresholds would lose their order.
        let curve = PressureCurve.bezier(x1: 0.5, y1: 0.9, x2: 0.5, y2: -0.5)
        #expect(!curve.isValid)
        #expect(!PressureCurve.bezier(x1: 0.5, y1: 1.5, x2: 0.5, y2: 0.5).isValid)
    }

    @Test func modelFallsBackToLinearForAnInvalidCurve() {
        let device = TestDevices.singleTouchscreen()
        #expect(ForceModel(device: device, calibration: ForceCalibration(curve: .gamma(-2))).curve == .linear)
        #expect(ForceModel(device: device, calibration: ForceCalibration(curve: .bezier(x1: 2, y1: 0, x2: 0, y2: 1))).curve == .linear)
    }

    @Test func modelAppliesTheCurveBeforeScaling() {
        let model = ForceModel(device: TestDevices.singleTouchscreen(), calibration: ForceCalibration(curve: .gamma(2)))
        #expect(model.curve == .gamma(2))
        // The average touch (15 %, 38.25) is force 1 under the curve: maximumPossibleForce is
        // 1 / 0.15². Normalized 0.2 → 0.04 of that; the normalized force itself is before the curve.
        #expect(isClose(model.maximumPossibleForce, 1 / (0.15 * 0.15)))
        #expect(model.normalizedForce(raw: 51) == 0.2)
        #expect(isClose(model.force(raw: 51), 0.04 / 0.0225))
        #expect(isClose(model.force(raw: 255), model.maximumPossibleForce))
    }
}
