import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

/// Four kinds of force-feedback hardware — rumble only, periodic only, no gain, one slot — all
/// produce feedback; effect types fall back by capability; strength goes to the gain or the
/// magnitudes; a device that goes away fails cleanly.
@Suite(.guestOnly, .serialized)
struct HapticProfileKernelTests {
    /// Plays an impact, a notification and a selection tick and returns the effects started.
    static func playEverything(on fixture: HapticFixture) throws -> [PlayedHapticEffect] {
        var played: [PlayedHapticEffect] = []
        played += fixture.expectPlays { ImpactFeedbackGenerator(style: .heavy, player: fixture.engine).impactOccurred() }
        try fixture.engine.stopAll()
        let error = try fixture.engine.effects(for: FeedbackPatterns.notification(.error)).count
        played += fixture.expectPlays(error) { NotificationFeedbackGenerator(player: fixture.engine).notificationOccurred(.error) }
        try fixture.engine.stopAll()
        played += fixture.expectPlays { SelectionFeedbackGenerator(player: fixture.engine).selectionChanged() }
        #expect(fixture.engine.lastError == nil)
        return played
    }

    @Test func rumbleOnly() throws {
        let fixture = try HapticFixture(.rumbleOnly())
        let capabilities = fixture.engine.device.capabilities
        #expect(capabilities.supportsRumble && !capabilities.supportsPeriodic && !capabilities.supportsGain)
        let played = try Self.playEverything(on: fixture)
        #expect(played.count == 6)
        #expect(played.allSatisfy { if case .rumble = $0.effect?.kind { return true } else { return false } })
    }

    @Test func rumbleOnlyFallsBackFromAPeriodicPreference() throws {
        let fixture = try HapticFixture(.rumbleOnly(), configuration: HapticEngineConfiguration(effectPreference: .periodic))
        #expect(fixture.engine.renderer.effectType == .rumble)
        let played = fixture.expectPlays { ImpactFeedbackGenerator(style: .heavy, player: fixture.engine).impactOccurred() }
        #expect(played.map(\.effect) == [DocumentedEffects.phone(.heavy)])
    }

    @Test("periodic only: the kernel adds FF_RUMBLE and turns rumble into a 50 ms sine; asking for periodic uses ForceBridge's own waveforms")
    func periodicOnly() throws {
        let fixture = try HapticFixture(.periodicOnly())
        let capabilities = fixture.engine.device.capabilities
        #expect(capabilities.supportsPeriodic && capabilities.waveforms == [.sine, .square])
        #expect(capabilities.supportsRumble, "ff-core advertises FF_RUMBLE on every FF_PERIODIC device")
        let played = try Self.playEverything(on: fixture)
        #expect(played.count == 6)
        // Rumble strong 65535 / 3 + weak 65535 / 6 = 32767, as a 50 ms sine.
        #expect(played.first?.effect == HapticEffect(kind: .periodic(waveform: .sine, period: 50, magnitude: 32767), length: 34))

        let native = try HapticFixture(.periodicOnly(), configuration: HapticEngineConfiguration(effectPreference: .periodic))
        let heavy = native.expectPlays { ImpactFeedbackGenerator(style: .heavy, player: native.engine).impactOccurred() }
        #expect(heavy.first?.effect == HapticEffect(kind: .periodic(waveform: .sine, period: 35, magnitude: 32767), length: 34))
        let rigid = native.expectPlays { ImpactFeedbackGenerator(style: .rigid, player: native.engine).impactOccurred() }
        #expect(rigid.first?.effect == HapticEffect(kind: .periodic(waveform: .square, period: 11, magnitude: 27197), length: 21))
    }

    @Test func aDeviceThatRefusesRumbleGetsPeriodicEffects() throws {
        var profile = VirtualHapticProfile.noGain(name: "ForceBridge Test Refusing")
        profile.refusedEffectTypes = [FFCode.rumble]
        let fixture = try HapticFixture(profile)
        let played = fixture.expectPlays { ImpactFeedbackGenerator(style: .medium, player: fixture.engine).impactOccurred() }
        #expect(fixture.engine.renderer.effectType == .periodic)
        #expect(fixture.engine.statistics.fallbacks == 1)
        #expect(played.first?.effect?.typeCode == FFCode.periodic)
        #expect(fixture.engine.lastError == nil)
    }

    @Test func noGainScalesTheMagnitudesAndNeverWritesTheGain() throws {
        let fixture = try HapticFixture(.noGain(), configuration: HapticEngineConfiguration(strength: 0.5))
        let played = try Self.playEverything(on: fixture)
        #expect(played.count == 6)
        // Heavy at strength 0.5: level 0.575.
        #expect(played.first?.effect == DocumentedEffects.rumble(37683, 37683, length: 34))
        #expect(!fixture.hardware.events.contains { if case .gain = $0.kind { return true } else { return false } })
        #expect(throws: HapticDeviceError.gainUnsupported(path: fixture.node)) { try fixture.engine.device.setGain(0.5) }
    }

    @Test func withGainTheStrengthIsTheDeviceGainAndChangingItUploadsNothing() throws {
        let fixture = try HapticFixture(.phoneVibrator(), configuration: HapticEngineConfiguration(strength: 0.5))
        #expect(fixture.hardware.waitUntil { $0.events.contains { $0.kind == .gain(32768) } })
        let played = fixture.expectPlays { ImpactFeedbackGenerator(style: .heavy, player: fixture.engine).impactOccurred() }
        #expect(played.first?.effect == DocumentedEffects.phone(.heavy))
        let uploads = fixture.uploads.count
        try fixture.engine.setStrength(0.25)
        #expect(fixture.hardware.waitUntil { $0.events.contains { $0.kind == .gain(16384) } })
        fixture.expectPlays { ImpactFeedbackGenerator(style: .heavy, player: fixture.engine).impactOccurred() }
        #expect(fixture.uploads.count == uploads)
        // Closing puts the shared gain back to full.
        fixture.engine.close()
        #expect(fixture.hardware.waitUntil { $0.events.last?.kind == .gain(0xFFFF) })
    }

    @Test("one slot: every feedback still plays, each new one written over the last, never more than one effect")
    func oneSlot() throws {
        let fixture = try HapticFixture(.oneSlot())
        #expect(fixture.engine.slotCapacity == 1)
        let played = try Self.playEverything(on: fixture)
        #expect(played.count == 3)
        // The notification became one pulse spanning its four taps.
        #expect(played[1].effect == DocumentedEffects.rumble(65535, 65535, length: 234))
        #expect(Set(played.map(\.id)) == [0])
        #expect(fixture.hardware.mostResidentEffects == 1)
        let lengths = try NotificationFeedbackType.allCases.map { try fixture.engine.effects(for: FeedbackPatterns.notification($0)).first?.length }
        #expect(lengths == [126, 184, 234])
    }

    @Test func aDeviceThatGoesAwayFailsCleanly() throws {
        let fixture = try HapticFixture(.phoneVibrator())
        fixture.expectPlays { ImpactFeedbackGenerator(style: .heavy, player: fixture.engine).impactOccurred() }
        fixture.hardware.destroy()
        #expect(throws: HapticDeviceError.deviceLost(path: fixture.node)) {
            try fixture.engine.playPattern(FeedbackPatterns.impact(.light))
        }
        #expect(!fixture.engine.isOpen)
        #expect(!fixture.engine.handleDeviceActivity())
        // Generators keep quiet; the error is reported once per call, not thrown.
        ImpactFeedbackGenerator(style: .heavy, player: fixture.engine).impactOccurred()
        #expect(fixture.engine.lastError != nil)
        fixture.engine.close()
    }
}
