import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

/// A uinput force-feedback device playing the hardware, and a haptic engine on its event node.
final class HapticFixture {
    let hardware: VirtualHapticDevice
    let node: String
    let engine: HapticEngine

    /// Creates the device (its name made unique) and opens an engine on it.
    init(_ profile: VirtualHapticProfile, configuration: HapticEngineConfiguration = HapticEngineConfiguration()) throws {
        var profile = profile
        profile.name += " \(getpid())-\(UInt16.random(in: 0...UInt16.max))"
        hardware = try VirtualHapticDevice(profile: profile)
        node = try #require(hardware.eventNode(), "the virtual device's event node did not appear")
        engine = try HapticEngine.open(path: node, configuration: configuration)
    }

    deinit {
        engine.close()
        hardware.destroy()
    }

    /// The effects uploaded, in order (updates included).
    var uploads: [HapticEffect?] {
        hardware.events.compactMap { if case .upload(_, let effect, _, _) = $0.kind { return effect } else { return nil } }
    }

    /// Keeps uinput's 16-event ring from overflowing (`VirtualHapticDevice.waitForPlays(exceeding:seconds:)`): once 8
    /// events written by the engine are unread, waits until the device has read them all. (Each
    /// erase makes the kernel write a stop of its own.)
    func pace(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let statistics = engine.statistics
        let written = statistics.starts + statistics.stops + statistics.evictionErases
        if written - hardware.forceFeedbackEventCount >= 8 {
            #expect(hardware.waitUntilRead(forceFeedbackEvents: written), "the device fell behind", sourceLocation: sourceLocation)
        }
    }

    /// Plays with `body` and waits until the hardware has read `count` more starts.
    @discardableResult
    func expectPlays(_ count: Int = 1, sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Void) rethrows -> [PlayedHapticEffect] {
        let before = hardware.playedEffects.count
        let plays = hardware.playCount
        try body()
        #expect(hardware.waitUntilStarts(exceed: plays + count - 1), "the device saw no start", sourceLocation: sourceLocation)
        return Array(hardware.playedEffects.dropFirst(before))
    }
}

/// The documented effects (docs/haptics.md) on the two default device kinds.
enum DocumentedEffects {
    static func rumble(_ strong: UInt16, _ weak: UInt16, length: Int, delay: Int = 0) -> HapticEffect {
        HapticEffect(kind: .rumble(strong: strong, weak: weak), length: length, delay: delay)
    }

    /// One motor, 20 ms minimum pulse.
    static func phone(_ style: ImpactFeedbackStyle) -> HapticEffect {
        switch style {
        case .light: return rumble(34897, 34897, length: 28)
        case .medium: return rumble(48824, 48824, length: 30)
        case .heavy: return rumble(65535, 65535, length: 34)
        case .soft: return rumble(43253, 43253, length: 38)
        case .rigid: return rumble(54394, 54394, length: 21)
        }
    }

    /// Two motors, 40 ms minimum pulse.
    static func gamepad(_ style: ImpactFeedbackStyle) -> HapticEffect {
        switch style {
        case .light: return rumble(27918, 34897, length: 56)
        case .medium: return rumble(48824, 48824, length: 60)
        case .heavy: return rumble(65535, 39321, length: 68)
        case .soft: return rumble(43253, 8651, length: 76)
        case .rigid: return rumble(5439, 54394, length: 42)
        }
    }

    static let phoneSelection = rumble(29327, 29327, length: 20)

    static func phone(_ type: NotificationFeedbackType) -> [HapticEffect] {
        switch type {
        case .success: return [rumble(40468, 40468, length: 30), rumble(65535, 65535, length: 26, delay: 100)]
        case .warning: return [rumble(65535, 65535, length: 30), rumble(43253, 43253, length: 34, delay: 150)]
        case .error:
            return [rumble(57179, 57179, length: 24), rumble(57179, 57179, length: 24, delay: 70),
                    rumble(65535, 65535, length: 24, delay: 140), rumble(48824, 48824, length: 24, delay: 210)]
        }
    }
}

extension SplitMix {
    /// A random number in 0..<`bound` (the remainder of the next 64 bits), for reproducible
    /// random triggers.
    mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
