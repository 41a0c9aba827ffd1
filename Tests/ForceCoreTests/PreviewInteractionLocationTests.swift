import Foundation
import ForceCore
import Testing

/// `location` (device units) and `location(in:)` (mapped through the device area) follow the driving touch.
@Suite("Preview interaction: location")
struct PreviewInteractionLocationTests {
    @Test func locationFollowsTheDrivingTouch() throws {
        let interaction = PreviewInteraction(area: DeviceArea(xRange: 0...1000, yRange: 0...500))
        #expect(interaction.location == nil)
        #expect(interaction.location(in: Rect(x: 0, y: 0, width: 100, height: 100)) == nil)

        var finger = ScriptedTouch(identifier: 1, x: 250, y: 125)
        var other = ScriptedTouch(identifier: 2, x: 900, y: 400)
        interaction.update(with: [finger.press(1.5), other.press(1.0)])
        #expect(interaction.location == Point(x: 250, y: 125))
        #expect(interaction.location(in: Rect(x: 10, y: 20, width: 200, height: 100)) == Point(x: 60, y: 45))

        interaction.update(with: [finger.move(x: 500, y: 500, force: 1.5), other.move(x: 0, y: 0, force: 1)])
        #expect(interaction.location(in: Rect(x: 0, y: 0, width: 200, height: 100)) == Point(x: 100, y: 100))

        interaction.update(with: [finger.lift()])
        #expect(interaction.location == nil)
    }

    @Test func locationOutsideTheAreaIsClampedToTheRect() {
        let interaction = PreviewInteraction(area: DeviceArea(xRange: 100...200, yRange: 100...200))
        var finger = ScriptedTouch(identifier: 1, x: 50, y: 250)
        interaction.update(with: [finger.press(0.5)])
        #expect(interaction.location(in: Rect(x: 0, y: 0, width: 10, height: 10)) == Point(x: 0, y: 10))
    }

    @Test func withoutAreaOnlyDeviceUnitsAreKnown() {
        let interaction = PreviewInteraction()
        var finger = ScriptedTouch(identifier: 1, x: 7, y: 8)
        interaction.update(with: [finger.press(0.5)])
        #expect(interaction.location == Point(x: 7, y: 8))
        #expect(interaction.location(in: Rect(x: 0, y: 0, width: 10, height: 10)) == nil)
    }

    @Test func pipelineMapsThroughTheMultitouchAxes() throws {
        let pipeline = InputPipeline(device: TestDevices.slotTouchscreen())
        let area = try #require(pipeline.interaction.area)
        #expect(area.xRange == 0...4095)
        #expect(area.yRange == 0...4095)
        pipeline.process([
            InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: 1),
            InputEvent(time: 0, type: .abs, code: AbsCode.mtPositionX, value: 4095),
            InputEvent(time: 0, type: .abs, code: AbsCode.mtPositionY, value: 819),
            .report(at: 0),
        ])
        #expect(pipeline.interaction.location(in: Rect(x: 0, y: 0, width: 1000, height: 500)) == Point(x: 1000, y: 100))
    }
}
