import ForceCore
import Testing

/// Regions in fractions of the device area, half-open so that neighbours share no point, and
/// distances measured along Y for the actions' layout.
@Suite("Interaction regions and surface distances")
struct InteractionRegionTests {
    let area = DeviceArea(xRange: 100...1100, yRange: 0...1200)

    @Test func aRegionIsAFractionOfTheArea() {
        let top = InteractionRegion.top(0.25)
        #expect(top.contains(x: 600, y: 0, on: area))
        #expect(top.contains(x: 600, y: 299, on: area))
        #expect(!top.contains(x: 600, y: 300, on: area), "the upper bound belongs to the region below")
        let below = InteractionRegion(horizontal: 0...1, vertical: 0.25...1)
        #expect(below.contains(x: 600, y: 300, on: area))
        #expect(below.contains(x: 1100, y: 1200, on: area), "the far edges belong to the region that reaches them")
        let left = InteractionRegion(horizontal: 0...0.5, vertical: 0...1)
        #expect(left.contains(x: 599, y: 10, on: area) && !left.contains(x: 600, y: 10, on: area))
        #expect(left.contains(x: 0, y: 10, on: area), "points beyond the area clamp to its edge")
    }

    @Test func withoutAnAreaOnlyEverywhereContainsTouches() {
        #expect(InteractionRegion.everywhere.contains(x: 5, y: 5, on: nil))
        #expect(!InteractionRegion.top(0.5).contains(x: 5, y: 5, on: nil))
        #expect(!InteractionRegion.top(0).contains(x: 600, y: 0, on: area), "an empty band contains nothing")
    }

    @Test func theAreaNormalizesPoints() {
        let point = area.normalized(x: 350, y: 900)
        #expect(point.x == 0.25 && point.y == 0.75)
        let flat = DeviceArea(xRange: 5...5, yRange: 0...10)
        #expect(flat.normalized(x: 9, y: 20) == (0, 1))
    }

    @Test func surfaceDistancesAlongY() {
        let distance = SurfaceDistance(millimetres: 5, fractionOfShorterSide: 0.1)
        let withResolution = DeviceArea(xRange: 0...3839, yRange: 0...2159, xResolution: 13, yResolution: 20)
        #expect(distance.verticalLength(on: withResolution) == 100, "5 mm at 20 units/mm")
        #expect(distance.verticalLength(on: area) == 100, "a tenth of the 1000-unit shorter side")
        #expect(distance.verticalLength(on: nil) == nil)
        #expect(distance.verticalLength(on: DeviceArea(xRange: 0...0, yRange: 0...0)) == nil)
        #expect(TouchSlop.standard.distance == SurfaceDistance(millimetres: 1.6, fractionOfShorterSide: 1.0 / 32))
    }
}
