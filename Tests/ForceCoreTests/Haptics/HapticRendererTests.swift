import ForceCore
import Testing

/// From patterns to kernel effects: the documented mapping of styles to magnitudes and lengths,
/// motor mix, periodic waveforms, minimum durations, strength, and fitting into few slots.
@Suite("Haptics: rendering patterns into kernel effects")
struct HapticRendererTests {
    static let phone = HapticCapabilities(supportsRumble: true, supportsPeriodic: false, supportsGain: true, effectSlots: 16, motorLayout: .single)
    static let gamepad = HapticCapabilities(supportsRumble: true, supportsPeriodic: false, supportsGain: true, effectSlots: 16, motorLayout: .dual)
    static let periodic = HapticCapabilities(supportsRumble: false, supportsPeriodic: true, waveforms: [.sine, .square], supportsGain: true, effectSlots: 16)

    static func renderer(_ capabilities: HapticCapabilities, _ tuning: HapticTuning? = nil) throws -> HapticRenderer {
        try HapticRenderer(capabilities: capabilities, tuning: tuning ?? .standard(for: capabilities))
    }

    static func rumble(_ strong: UInt16, _ weak: UInt16, length: Int, delay: Int = 0) -> HapticEffect {
        HapticEffect(kind: .rumble(strong: strong, weak: weak), length: length, delay: delay)
    }

    @Test("a phone vibrator (one motor, 20 ms) gets the documented rumble for every style", arguments: [
        (ImpactFeedbackStyle.light, UInt16(34897), 28), (.medium, 48824, 30), (.heavy, 65535, 34), (.soft, 43253, 38), (.rigid, 54394, 21),
    ])
    func phoneImpacts(style: ImpactFeedbackStyle, magnitude: UInt16, length: Int) throws {
        let effects = try Self.renderer(Self.phone).render(FeedbackPatterns.impact(style), maximumEffects: 16)
        #expect(effects == [Self.rumble(magnitude, magnitude, length: length)])
    }

    @Test func phoneSelectionAndNotifications() throws {
        let renderer = try Self.renderer(Self.phone)
        #expect(try renderer.render(FeedbackPatterns.selection, maximumEffects: 16) == [Self.rumble(29327, 29327, length: 20)])
        #expect(try renderer.render(FeedbackPatterns.notification(.success), maximumEffects: 16) == [
            Self.rumble(40468, 40468, length: 30), Self.rumble(65535, 65535, length: 26, delay: 100),
        ])
        #expect(try renderer.render(FeedbackPatterns.notification(.warning), maximumEffects: 16) == [
            Self.rumble(65535, 65535, length: 30), Self.rumble(43253, 43253, length: 34, delay: 150),
        ])
        #expect(try renderer.render(FeedbackPatterns.notification(.error), maximumEffects: 16) == [
            Self.rumble(57179, 57179, length: 24), Self.rumble(57179, 57179, length: 24, delay: 70),
            Self.rumble(65535, 65535, length: 24, delay: 140), Self.rumble(48824, 48824, length: 24, delay: 210),
        ])
    }

    @Test("a gamepad (two motors, 40 ms) cross-fades from the heavy to the light motor with sharpness", arguments: [
        (ImpactFeedbackStyle.light, UInt16(27918), UInt16(34897), 56), (.medium, 48824, 48824, 60), (.heavy, 65535, 39321, 68),
        (.soft, 43253, 8651, 76), (.rigid, 5439, 54394, 42),
    ])
    func gamepadImpacts(style: ImpactFeedbackStyle, strong: UInt16, weak: UInt16, length: Int) throws {
        let effects = try Self.renderer(Self.gamepad).render(FeedbackPatterns.impact(style), maximumEffects: 16)
        #expect(effects == [Self.rumble(strong, weak, length: length)])
    }

    @Test("periodic devices: square for crisp events, sine for round ones, period 60 ms down to 10 ms", arguments: [
        (ImpactFeedbackStyle.light, HapticEffect.Waveform.square, UInt16(20), Int16(17448)), (.medium, .square, 24, 24411),
        (.heavy, .sine, 35, 32767), (.soft, .sine, 50, 21626), (.rigid, .square, 11, 27197),
    ])
    func periodicImpacts(style: ImpactFeedbackStyle, waveform: HapticEffect.Waveform, period: UInt16, magnitude: Int16) throws {
        let effects = try Self.renderer(Self.periodic).render(FeedbackPatterns.impact(style), maximumEffects: 16)
        #expect(effects.map(\.kind) == [.periodic(waveform: waveform, period: period, magnitude: magnitude)])
    }

    @Test func periodicUsesWhateverWaveformTheDeviceHas() throws {
        let triangleOnly = HapticCapabilities(supportsRumble: false, supportsPeriodic: true, waveforms: [.triangle], supportsGain: false, effectSlots: 4)
        let renderer = try Self.renderer(triangleOnly)
        #expect(renderer.waveform(sharpness: 0) == .triangle && renderer.waveform(sharpness: 1) == .triangle)
    }

    @Test func nothingIsShorterThanTheDevicesMinimumDuration() throws {
        var tuning = HapticTuning.standard(for: Self.phone)
        tuning.minimumDuration = 35
        let renderer = try Self.renderer(Self.phone, tuning)
        let pattern = HapticPattern(events: [.transient(sharpness: 1), .continuous(at: 0.5, duration: 0.001)])
        #expect(try renderer.render(pattern, maximumEffects: 16).map(\.length) == [35, 35])
    }

    @Test func continuousEventsKeepTheirDurationAndEventsTheirStartAsDelay() throws {
        let pattern = HapticPattern(events: [.continuous(at: 1.25, duration: 0.4, intensity: 1, sharpness: 0.5)])
        let effects = try Self.renderer(Self.phone).render(pattern, maximumEffects: 16)
        #expect(effects == [Self.rumble(65535, 65535, length: 400, delay: 1250)])
    }

    @Test func timesNeverExceedTheKernelLimit() throws {
        let renderer = try Self.renderer(Self.phone)
        // A 40 s buzz: pieces of at most 0x7FFF ms, each starting within the delay limit.
        let long = try renderer.render(HapticPattern(.continuous(at: 0, duration: 40)), maximumEffects: 16)
        #expect(long.map(\.delay) == [0, 0x7FFF])
        #expect(long.map(\.length) == [0x7FFF, 40_000 - 0x7FFF])
        #expect(throws: HapticRenderError.startsTooLate(seconds: 33, limit: 32.767)) {
            try renderer.render(HapticPattern(.transient(at: 33)), maximumEffects: 16)
        }
        #expect(throws: HapticRenderError.self) {
            try renderer.render(HapticPattern(.continuous(at: 30, duration: 40)), maximumEffects: 16)
        }
    }

    @Test func strengthScalesMagnitudesUnlessTheDeviceGainCarriesIt() throws {
        var tuning = HapticTuning.standard(for: Self.phone)
        tuning.strength = 0.5
        let scaled = try Self.renderer(Self.phone, tuning).render(FeedbackPatterns.impact(.heavy), maximumEffects: 16)
        // Level of intensity 0.5: 0.15 + 0.85 × 0.5 = 0.575.
        #expect(scaled == [Self.rumble(37683, 37683, length: 34)])
        tuning.appliesStrengthToMagnitudes = false
        let unscaled = try Self.renderer(Self.phone, tuning).render(FeedbackPatterns.impact(.heavy), maximumEffects: 16)
        #expect(unscaled == [Self.rumble(65535, 65535, length: 34)])
        tuning.appliesStrengthToMagnitudes = true
        tuning.strength = 0
        #expect(try Self.renderer(Self.phone, tuning).render(FeedbackPatterns.impact(.heavy), maximumEffects: 16).isEmpty)
    }

    @Test func silentEventsRenderToNothing() throws {
        let renderer = try Self.renderer(Self.phone)
        #expect(try renderer.render(HapticPattern(events: []), maximumEffects: 16).isEmpty)
        #expect(try renderer.render(FeedbackPatterns.impact(.heavy, intensity: 0), maximumEffects: 16).isEmpty)
    }

    @Test("with one slot each notification becomes one pulse, and their lengths still differ")
    func oneSlotNotifications() throws {
        let renderer = try Self.renderer(Self.phone)
        let lengths = try NotificationFeedbackType.allCases.map { type in
            let effects = try renderer.render(FeedbackPatterns.notification(type), maximumEffects: 1)
            #expect(effects.count == 1)
            #expect(effects.first?.delay == 0)
            return Int(effects.first?.length ?? 0)
        }
        #expect(lengths == [126, 184, 234])
    }

    @Test func mergingJoinsTheClosestNeighboursFirst() throws {
        let pattern = HapticPattern(events: [
            .transient(at: 0, intensity: 0.5, sharpness: 1), .transient(at: 0.03, intensity: 1, sharpness: 1),
            .transient(at: 0.5, intensity: 0.5, sharpness: 1),
        ])
        let effects = try Self.renderer(Self.phone).render(pattern, maximumEffects: 2)
        // The first two (10 ms apart) merge into one 50 ms pulse at the stronger intensity.
        #expect(effects == [Self.rumble(65535, 65535, length: 50), Self.rumble(37683, 37683, length: 20, delay: 500)])
    }

    @Test func effectTypeFollowsThePreferenceAndFallsBackOnce() throws {
        let both = HapticCapabilities(supportsRumble: true, supportsPeriodic: true, waveforms: [.sine], supportsGain: false, effectSlots: 16)
        var automatic = try Self.renderer(both)
        #expect(automatic.effectType == .rumble)
        let first = automatic.fallBack()
        #expect(first && automatic.effectType == .periodic)
        let second = automatic.fallBack()
        #expect(!second && automatic.effectType == .periodic)
        var tuning = HapticTuning()
        tuning.effectPreference = .periodic
        #expect(try Self.renderer(both, tuning).effectType == .periodic)
        #expect(try Self.renderer(Self.phone, tuning).effectType == .rumble)
        var rumbleOnly = try Self.renderer(Self.phone)
        let switched = rumbleOnly.fallBack()
        #expect(!switched)
        #expect(try Self.renderer(Self.periodic).effectType == .periodic)
    }

    @Test func aDeviceWithoutVibrationCannotRender() {
        let none = HapticCapabilities(supportsRumble: false, supportsPeriodic: false, supportsGain: true, effectSlots: 1)
        #expect(throws: HapticRenderError.noVibrationEffects(capabilities: "FF_GAIN")) { try HapticRenderer(capabilities: none, tuning: HapticTuning()) }
    }

    @Test func capabilitiesComeFromTheDeviceDescription() {
        var vibrator = DeviceDescription(name: "vibrator", forceFeedbackEffectSlots: 16)
        for code in [FFCode.rumble, FFCode.periodic, FFCode.sine, FFCode.square, FFCode.triangle, FFCode.gain] { vibrator.enable(.ff, code: code) }
        let capabilities = HapticCapabilities(vibrator)
        #expect(capabilities == HapticCapabilities(supportsRumble: true, supportsPeriodic: true, waveforms: [.sine, .square, .triangle],
                                                   supportsGain: true, effectSlots: 16, motorLayout: .single))
        var pad = vibrator
        pad.enable(.key, code: KeyCode.buttonGamepad)
        pad.enable(.abs, code: AbsCode.x, axis: AxisInfo(minimum: -32768, maximum: 32767))
        pad.enable(.abs, code: AbsCode.y, axis: AxisInfo(minimum: -32768, maximum: 32767))
        #expect(HapticCapabilities(pad).motorLayout == .dual)
        #expect(HapticTuning.standard(for: HapticCapabilities(pad)).minimumDuration == 40)
        #expect(HapticCapabilities(DeviceDescription(name: "none")).effectSlots == 1)
    }

    @Test func effectsClampTheirTimesToTheKernelLimit() {
        let effect = HapticEffect(kind: .rumble(strong: 1, weak: 1), length: 100_000, delay: 40_000)
        #expect(effect.length == 0x7FFF && effect.delay == 0x7FFF)
        #expect(HapticEffect(kind: .rumble(strong: 1, weak: 1), length: 0).length == 1)
    }
}
