import ForceCore
import Testing

/// DESIGN.md §3: `normalizedForce = (raw - offset) / (max - offset)` clamped to 0...1,
/// `maximumPossibleForce = 1 / curve(normalized average)` (`(max - offset) / (average - offset)`
/// for the linear curve), `force = curve(normalized) × maximumPossibleForce`.
@Suite("Force model formulas")
struct ForceFormulaTests {
    private func device(pressure: AxisInfo, kind: DeviceKind = .touchscreen) -> DeviceDescription {
        switch kind {
        case .tablet:
            DeviceDescription(
                name: "pen", codes: [.key: CodeSet([KeyCode.toolPen, KeyCode.touch])],
                axes: [AbsCode.x: AxisInfo(minimum: 0, maximum: 1000), AbsCode.y: AxisInfo(minimum: 0, maximum: 1000), AbsCode.pressure: pressure])
        default:
            DeviceDescription(
                name: "screen", properties: PropertySet([InputProperty.direct]), codes: [.key: CodeSet([KeyCode.touch])],
                axes: [AbsCode.x: AxisInfo(minimum: 0, maximum: 1000), AbsCode.y: AxisInfo(minimum: 0, maximum: 1000), AbsCode.pressure: pressure])
        }
    }

    @Test func touchscreenRange0To255() {
        // Average touch at 15% of the range: 38.25.
        let model = ForceModel(device: device(pressure: AxisInfo(minimum: 0, maximum: 255)))
        #expect(model.source == .pressure(code: AbsCode.pressure))
        #expect(model.isAvailable)
        #expect(model.offset == 0)
        #expect(isClose(model.averagePressure, 38.25))
        #expect(isClose(model.maximumPossibleForce, 255 / 38.25))
        #expect(isClose(model.maximumPossibleForce, 6.666666666666667))
        #expect(model.normalizedForce(raw: 0) == 0)
        #expect(model.normalizedForce(raw: 51) == 0.2)
        #expect(model.normalizedForce(raw: 255) == 1)
        #expect(model.force(raw: 0) == 0)
        #expect(isClose(model.force(raw: 51), 51 / 38.25))
        #expect(isClose(model.force(raw: 255), model.maximumPossibleForce))
    }

    @Test func anAverageTouchIsForceOneUnderAnyCurve() {
        let curves: [PressureCurve] = [.linear, .gamma(0.6), .gamma(1.4), .gamma(2.5), .bezier(x1: 0.3, y1: 0, x2: 0.7, y2: 1)]
        for curve in curves {
            let model = ForceModel(device: device(pressure: AxisInfo(minimum: 0, maximum: 1000)), calibration: ForceCalibration(averagePressure: 250, curve: curve))
            #expect(isClose(model.force(raw: 250), 1, tolerance: 1e-6), "\(curve)")
            #expect(isClose(model.force(raw: 1000), model.maximumPossibleForce), "\(curve)")
            #expect(model.force(raw: 249) < 1 && model.force(raw: 251) > 1, "\(curve)")
        }
    }

    @Test func theLinearCurveKeepsTheFormulaBitForBit() {
        // Outputs of linear calibrations are unchanged by the curve-aware maximum: the same terms, the same rounding.
        for (minimum, maximum, average) in [(0.0, 255.0, 38.25), (20, 275, 58.25), (0, 8191, 1965.84), (0, 1023, 330), (3, 4095, 977)] {
            let axis = AxisInfo(minimum: Int32(minimum), maximum: Int32(maximum))
            let model = ForceModel(device: device(pressure: axis), calibration: ForceCalibration(averagePressure: average))
            #expect(model.maximumPossibleForce == (maximum - minimum) / (average - minimum))
            for raw in stride(from: Int32(minimum), through: Int32(maximum), by: 7) {
                let normalized = (Double(raw) - minimum) / (maximum - minimum)
                #expect(model.force(raw: raw) == normalized * ((maximum - minimum) / (average - minimum)))
            }
        }
    }

    @Test func theRawValueOfAForceInvertsTheModel() throws {
        for curve in [PressureCurve.linear, .gamma(1.6), .bezier(x1: 0.4, y1: 0.1, x2: 0.6, y2: 0.9)] {
            let model = ForceModel(device: device(pressure: AxisInfo(minimum: 10, maximum: 1010)), calibration: ForceCalibration(averagePressure: 260, curve: curve))
            #expect(isClose(try #require(model.rawValue(forForce: 1)), 260, tolerance: 1e-6), "\(curve)")
            #expect(try #require(model.rawValue(forForce: 0)) == 10)
            #expect(isClose(try #require(model.rawValue(forForce: model.maximumPossibleForce)), 1010, tolerance: 1e-6))
            let raw = try #require(model.rawValue(forForce: 2.5))
            #expect(isClose(model.force(normalized: (raw - 10) / 1000), 2.5, tolerance: 1e-5), "\(curve)")
            #expect(model.rawValue(forForce: model.maximumPossibleForce * 1.01) == nil)
        }
        #expect(ForceModel(device: TestDevices.positionsOnlyTouchscreen()).rawValue(forForce: 1) == nil)
    }

    @Test func valuesOutsideTheRangeAreClamped() {
        let model = ForceModel(device: device(pressure: AxisInfo(minimum: 0, maximum: 255)))
        #expect(model.normalizedForce(raw: -20) == 0)
        #expect(model.normalizedForce(raw: 400) == 1)
        #expect(model.force(raw: -20) == 0)
        #expect(isClose(model.force(raw: 400), model.maximumPossibleForce))
    }

    @Test func penRange0To8191() {
        // A pen's pressure counts from the tip-up level, 81 (1 % of the range, in whole units), as
        // libinput reads it; an average pen touch is 24 % of the range above it: 81 + 1946.4.
        let model = ForceModel(device: device(pressure: AxisInfo(minimum: 0, maximum: 8191), kind: .tablet))
        #expect(model.zeroForceLevel == 81)
        #expect(isClose(model.averagePressure, 81 + 0.24 * 8110))
        #expect(isClose(model.maximumPossibleForce, 8110 / (0.24 * 8110)))
        #expect(isClose(model.maximumPossibleForce, 4.166666666666667))
        #expect(isClose(model.normalizedForce(raw: 4096), 4015.0 / 8110.0))
        #expect(isClose(model.force(raw: 2048), 1967 / (0.24 * 8110)))
        #expect(isClose(model.force(raw: 8191), 4.166666666666667))
    }

    @Test func nonZeroMinimumIsTheRestingOffset() {
        let model = ForceModel(device: device(pressure: AxisInfo(minimum: 20, maximum: 275)))
        #expect(model.offset == 20)
        #expect(isClose(model.averagePressure, 58.25))
        #expect(isClose(model.maximumPossibleForce, 255 / 38.25))
        #expect(model.normalizedForce(raw: 10) == 0)
        #expect(model.normalizedForce(raw: 20) == 0)
        #expect(model.normalizedForce(raw: 71) == 0.2)
        #expect(model.force(raw: 20) == 0)
        #expect(isClose(model.force(raw: 71), 51 / 38.25))
        #expect(model.normalizedForce(raw: 275) == 1)
    }

    @Test func degenerateRangeIsTreatedAsNoPressure() {
        for pressure in [AxisInfo(minimum: 100, maximum: 100), AxisInfo(minimum: 255, maximum: 0)] {
            let model = ForceModel(device: device(pressure: pressure))
            #expect(!model.isAvailable)
            #expect(model.maximumPossibleForce == 0)
            #expect(model.averagePressure == 0)
            #expect(model.normalizedForce(raw: 100) == 0)
            #expect(model.force(raw: 100) == 1)
            #expect(model.force(raw: 0) == 1)
            #expect(model.normalizedForce(raw: 100).isFinite)
        }
    }

    @Test func averagePressureInRawUnits() {
        let model = ForceModel(
            device: device(pressure: AxisInfo(minimum: 0, maximum: 8191), kind: .tablet),
            calibration: ForceCalibration(averagePressure: 1881))
        // Counted from the pen's tip-up level, 81.
        #expect(model.averagePressure == 1881)
        #expect(isClose(model.maximumPossibleForce, 8110 / 1800))
        #expect(model.force(raw: 1881) == 1)
        #expect(isClose(model.force(raw: 981), 0.5))
    }

    @Test func averagePressureAsAFractionOfTheRange() {
        let model = ForceModel(
            device: device(pressure: AxisInfo(minimum: 0, maximum: 255)),
            calibration: ForceCalibration(averagePressureFraction: 0.5))
        #expect(model.averagePressure == 127.5)
        #expect(model.maximumPossibleForce == 2)
        #expect(isClose(model.force(raw: 51), 0.4))
        #expect(model.force(raw: 255) == 2)
    }

    @Test func fractionIsTakenAboveTheOffset() {
        let model = ForceModel(
            device: device(pressure: AxisInfo(minimum: 0, maximum: 255)),
            calibration: ForceCalibration(averagePressureFraction: 0.5, restingOffset: 55))
        #expect(model.offset == 55)
        #expect(model.averagePressure == 155)
        #expect(model.maximumPossibleForce == 2)
        #expect(model.normalizedForce(raw: 105) == 0.25)
    }

    @Test func unusableAveragePressureFallsBackToTheFraction() {
        for average in [0.0, -10, 300] {
            let model = ForceModel(
                device: device(pressure: AxisInfo(minimum: 0, maximum: 255)),
                calibration: ForceCalibration(averagePressure: average))
            #expect(isClose(model.averagePressure, 38.25), "average \(average)")
            #expect(isClose(model.maximumPossibleForce, 255 / 38.25), "average \(average)")
        }
    }

    @Test func configuredRestingOffset() {
        let model = ForceModel(device: device(pressure: AxisInfo(minimum: 0, maximum: 255)), calibration: ForceCalibration(restingOffset: 15))
        #expect(model.configuredOffset == 15)
        #expect(model.offset == 15)
        #expect(model.normalizedForce(raw: 15) == 0)
        #expect(isClose(model.normalizedForce(raw: 63), 0.2))
        #expect(isClose(model.averagePressure, 51))
        #expect(isClose(model.maximumPossibleForce, 240 / 36))
    }

    @Test func restingOffsetOutsideTheRangeIsIgnored() {
        for offset in [-5.0, 255, 400] {
            let model = ForceModel(device: device(pressure: AxisInfo(minimum: 0, maximum: 255)), calibration: ForceCalibration(restingOffset: offset))
            #expect(model.offset == 0, "offset \(offset)")
        }
    }

    @Test func physicalForceFromThePressureResolution() throws {
        // 4 units per gram.
        let model = ForceModel(device: device(pressure: AxisInfo(minimum: 0, maximum: 8191, resolution: 4), kind: .tablet))
        #expect(model.unitsPerGram == 4)
        #expect(try #require(model.grams(raw: 400)) == 100)
        #expect(try #require(model.grams(raw: 0)) == 0)
        #expect(try #require(model.grams(raw: -8)) == 0)
    }

    @Test func physicalForceIsUnknownWithoutResolution() {
        let model = ForceModel(device: device(pressure: AxisInfo(minimum: 0, maximum: 255)))
        #expect(model.unitsPerGram == 0)
        #expect(model.grams(raw: 100) == nil)
    }
}
