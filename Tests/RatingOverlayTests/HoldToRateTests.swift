import ForceTestSupport
import Testing
@testable import RatingOverlay

/// A touchscreen without pressure or contact size rates by holding (Haptic Touch): the overlay
/// follows the interaction's own time, so the press, the peek and the pop happen while the finger
/// rests, not when it lifts.
@Suite("Rating by holding still")
struct HoldToRateTests {
    @Test func theHeldPressOfTheNoPressureRecordingRatesAtItsOwnTimes() throws {
        let session = try RecordingSession("no-pressure.evemu")
        let events = session.recorder.events
        let press = try #require(events.first { if case .pressBegan = $0.kind { true } else { false } })
        #expect(press.kind == .pressBegan(item: 5))
        #expect(press.time - events[0].time == 150_000, "held still 0.15 s")
        let rated = try #require(events.first { if case .rated = $0.kind { true } else { false } })
        #expect(rated.kind == .rated(item: 5, rating: .up))
        #expect(rated.time - events[0].time == 1_000_000, "the pop, while the finger still rests (it lifts at 1.43 s)")
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time }, "the log runs forward")
        #expect(session.overlay.ratingsByEmoji == ["🐙": .up])
    }

    @Test func theCommandRatesByHoldingAndSaysHow() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let result = try runForceBridge(["rate", "--replay", "recordings/no-pressure.evemu", "--headless", "--no-user-profile"], dataHome: home.path)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.milestoneLines
        #expect(!result.standardOutput.contains("unavailable"))
        #expect(lines.contains("Haptic Touch: a touch held still begins after 0.15 s, peeks at 0.50 s and pops at 1.00 s (touch duration fast); "
            + "moving more than 1/32 of the shorter side (25 units) first is a drag: hold a cell still to preview, keep holding to rate"))
        #expect(lines.contains("   0.150 s  press 🐙 (item 5, row 2, column 2): preview begins"))
        #expect(lines.contains("   0.500 s  preview ended (peek): the grid has faded"))
        #expect(lines.contains("   1.000 s  rated 🐙 👍"))
        #expect(lines.contains("Ratings: 🐙 👍 (saved to \(home.path)/forcebridge/ratings.json)"))
    }

    @Test func aSlowTouchDurationLiftsBeforeThePopAndRatesNothing() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let result = try runForceBridge(
            ["rate", "--replay", "recordings/no-pressure.evemu", "--headless", "--no-user-profile", "--touch-duration", "slow", "--format", "jsonl"],
            dataHome: home.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\"forceAvailable\":false,\"forceSource\":\"duration\""))
        #expect(result.standardOutput.contains("{\"type\":\"press\",\"time\":0.24,"), "slow begins at 0.24 s")
        #expect(result.standardOutput.contains("{\"type\":\"cancel\",\"time\":1.429982,"), "the lift at 1.43 s comes before the pop at 1.6 s")
        #expect(result.standardOutput.contains("{\"type\":\"ratings\",\"ratings\":{},"))
    }
}
