import ForceBus
import ForceCore
@testable import ForceService
import Testing

/// What `forcebridge twin --set` sends and says: the options as `SetPressureProfile`'s settings,
/// a twin's answer as an adjustment and as a line, and who runs it.
struct TwinBusSettingsTests {
    @Test func theOptionsAsSettingsAndBack() throws {
        let adjustment = PressureAdjustment(preset: .soft, curve: .gamma(2), tip: 0.03, full: 0.85)
        let settings = adjustment.busSettings
        #expect(settings == ["preset": .string("soft"), "curve": .string("gamma:2"), "tip": .double(0.03), "full": .double(0.85)])
        #expect(PressureAdjustment().busSettings.isEmpty)
        let applied = try PressureProfile().applying(settings)
        #expect(applied == adjustment.apply(to: PressureProfile()))
        let back = PressureAdjustment(busProperties: ["curve": .string("gamma:2"), "tip": .double(0.03), "full": .double(0.85), "name": .string("pen")])
        #expect(back == PressureAdjustment(curve: .gamma(2), tip: 0.03, full: 0.85))
    }

    @Test func aRunningTwinInALine() throws {
        let properties: [String: BusValue] = ["device": .string("/dev/input/event5"), "twin": .string("/dev/input/event90"),
                                              "curve": .string("bezier:0.2,0.1,0.8,0.9"), "tip": .double(0.03), "full": .double(0.85),
                                              "offset": .double(12.25), "learnsRestingOffset": .bool(true)]
        #expect(RunningTwin.summary(of: properties)
            == "curve bezier:0.2,0.1,0.8,0.9, tip 3 %, full 85 %, resting offset 12.25 (learned from the pen)")
        let service = try #require(RunningTwin(busName: ServiceNames.busName, properties: properties))
        #expect(service.owner == "the service")
        let own = try #require(RunningTwin(busName: "org.forcebridge.Twin1.event5", properties: properties))
        #expect(own.owner == "'forcebridge twin', org.forcebridge.Twin1.event5")
    }
}
