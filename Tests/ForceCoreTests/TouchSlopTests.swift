import ForceCore
import Testing

/// The Haptic Touch slop: millimetres where the position axes give their resolution, a fraction
/// of the shorter side where they do not.
@Suite("Touch slop")
struct TouchSlopTests {
    let slop = TouchSlop.standard

    @Test func millimetresWhereTheResolutionIsKnown() {
        // 13 units/mm, as the ELAN touchscreen: 1.6 mm is 20.8 units.
        let area = DeviceArea(xRange: 0...3839, yRange: 0...2159, xResolution: 13, yResolution: 13)
        #expect(!slop.isExceeded(dx: 20, dy: 0, on: area))
        #expect(slop.isExceeded(dx: 21, dy: 0, on: area))
        #expect(!slop.isExceeded(dx: 14, dy: 14, on: area), "19.8 units diagonally")
        #expect(slop.isExceeded(dx: -15, dy: 15, on: area), "21.2 units diagonally")
    }

    @Test func differentResolutionsPerAxis() {
        let area = DeviceArea(xRange: 0...1000, yRange: 0...1000, xResolution: 10, yResolution: 20)
        #expect(!slop.isExceeded(dx: 0, dy: 31, on: area))
        #expect(slop.isExceeded(dx: 0, dy: 33, on: area))
        #expect(slop.isExceeded(dx: 17, dy: 0, on: area))
    }

    @Test func aFractionOfTheShorterSideWithoutResolution() {
        // 1080 × 2340 units: 1/32 of 1080 is 33.75 units.
        let area = DeviceArea(xRange: 0...1080, yRange: 0...2340)
        #expect(!slop.isExceeded(dx: 0, dy: 33, on: area))
        #expect(slop.isExceeded(dx: 0, dy: 34, on: area))
        // One axis's resolution alone does not make distances known.
        let half = DeviceArea(xRange: 0...1080, yRange: 0...2340, xResolution: 10)
        #expect(!slop.isExceeded(dx: 33, dy: 0, on: half))
    }

    @Test func nothingIsBeyondWithoutAnArea() {
        #expect(!slop.isExceeded(dx: 10_000, dy: 10_000, on: nil))
        #expect(!slop.isExceeded(dx: 10_000, dy: 0, on: DeviceArea(xRange: 5...5, yRange: 7...7)))
    }

    @Test func theDeviceAreaCarriesTheAxisResolution() throws {
        let pen = try #require(DeviceArea(device: TestDevices.penTablet()))
        #expect(pen.xResolution == 200 && pen.yResolution == 200)
        #expect(pen.hasResolution)
        let phone = try #require(DeviceArea(device: TestDevices.noPressureTouchscreen()))
        #expect(!phone.hasResolution)
        #expect(phone.shorterSide == 4095)
    }
}
