import ForceCore
import Testing

/// DESIGN.md §3: `normalizedForce = (raw - offset) / (max - offset)` clamped to 0...1,
/// `maximumPossibleForce = (max - offset) / (average - offset)`, `force = curve(normalized) × maximumPossibleForce`.
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
                name: "screen", properties: CodeSet([InputProperty.direct]), codes: [.key: CodeSet([KeyCode.touch])],
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

    @Test func valuesOutsideTheRangeAreClamped() {
        let model = ForceModel(device: device(pressure: AxisInfo(minimum: 0, maximum: 255)))
        #expect(model.normalizedForce(raw: -20) == 0)
        #expect(model.normalizedForce(raw: 400) == 1)
        #expect(model.force(raw: -20) == 0)
        #expect(isClose(model.force(raw: 400), model.maximumPossibleForce))
    }

    @Test func penRange0To8191() {
        // Average pen touch at 24% of the range: 1965.84.
        let model = ForceModel(device: device(pressure: AxisInfo(minimum: 0, maximum: 8191), kind: .tablet))
        #expect(isClose(model.averagePressure, 1965.84))
        #expect(isClose(model.maximumPossibleForce, 8191 / 1965.84))
        #expect(isClose(model.maximumPossibleForce, 4.166666666666667))
        #expect(isClose(model.normalizedForce(raw: 4096), 4096.0 / 8191.0))
        #expect(isClose(model.force(raw: 2048), 2048 / 1965.84))
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
            calibration: ForceCalibration(averagePressure: 1800))
        #expect(model.averagePressure == 1800)
        #expect(isClose(model.maximumPossibleForce, 8191 / 1800))
        #expect(model.force(raw: 1800) == 1)
        #expect(isClose(model.force(raw: 900), 0.5))
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
