#if FORCEBRIDGE_SYSCALL_SEAM
import ForceCore
@testable import ForceDevices
import ForceSystem
import SystemPackage
import Testing

/// The haptic engine's device I/O on a simulated force-feedback node (the same paths run on the
/// kernel's uinput in the guest's Haptic…KernelTests): effects uploaded once and reused, the
/// least recently used slot given up when the device is full, a smaller share when other
/// programs hold slots, the type fallback, pre-emption in one write, a device that goes away,
/// and closing.
@Suite("haptic engine on a simulated force-feedback node")
struct HapticEngineHostTests {
    /// Opens an engine on `node` with the node's system calls simulated, and runs `body` with it.
    func withEngine<Result>(on node: SimulatedEvdevNode, configuration: HapticEngineConfiguration = HapticEngineConfiguration(),
                            _ body: (HapticEngine) throws -> Result) throws -> Result {
        try node.withEngine(configuration: configuration, body)
    }

    static func uploads(_ log: [HapticHardwareEvent]) -> [(id: Int16, isUpdate: Bool)] {
        log.compactMap { if case .upload(let id, _, _, let isUpdate) = $0.kind { return (id, isUpdate) } else { return nil } }
    }

    static func plays(_ log: [HapticHardwareEvent]) -> [Int16] {
        log.compactMap { if case .play(let id, _) = $0.kind { return id } else { return nil } }
    }

    @Test("an effect is uploaded once and played again by id")
    func reuse() throws {
        let node = SimulatedEvdevNode(profile: .phoneVibrator())
        try withEngine(on: node) { engine in
            for _ in 0..<3 { try engine.playPattern(FeedbackPatterns.impact(.heavy)) }
            #expect(engine.statistics.uploads == 1)
            #expect(engine.statistics.played == 3)
        }
        #expect(Self.uploads(node.log).count == 1)
        #expect(Self.plays(node.log) == [0, 0, 0])
    }

    @Test("a full device gives up the least recently used effect's slot, and never holds more than it has")
    func leastRecentlyUsed() throws {
        var profile = VirtualHapticProfile.phoneVibrator()
        profile.effectSlots = 2
        let node = SimulatedEvdevNode(profile: profile)
        try withEngine(on: node) { engine in
            try engine.playPattern(FeedbackPatterns.impact(.light))
            try engine.playPattern(FeedbackPatterns.impact(.heavy))
            try engine.playPattern(FeedbackPatterns.impact(.light))
            // Heavy is now the least recently used: medium takes its slot.
            try engine.playPattern(FeedbackPatterns.impact(.medium))
            #expect(engine.residentEffectIDs == [0, 1])
            #expect(engine.statistics.allocations == 2)
            #expect(engine.statistics.uploads == 3)
        }
        let uploads = Self.uploads(node.log)
        #expect(uploads.map(\.id) == [0, 1, 1])
        #expect(uploads.map(\.isUpdate) == [false, false, true])
        #expect(node.resident.isEmpty, "closing erased every effect")
    }

    @Test("when other programs hold slots (ENOSPC), the engine keeps what it has as its share and goes on")
    func otherProgramsHoldSlots() throws {
        var profile = VirtualHapticProfile.phoneVibrator()
        profile.effectSlots = 4
        let node = SimulatedEvdevNode(profile: profile)
        node.state.withLock { $0.heldByOthers = 2 }
        try withEngine(on: node) { engine in
            for style in [ImpactFeedbackStyle.light, .medium, .heavy, .light] { try engine.playPattern(FeedbackPatterns.impact(style)) }
            #expect(engine.slotCapacity == 2)
            #expect(engine.statistics.played == 4)
            #expect(engine.lastError == nil)
        }
        #expect(Set(Self.uploads(node.log).map(\.id)) == [2, 3])
    }

    @Test("a device that refuses rumble gets periodic effects, once the engine has fallen back")
    func fallback() throws {
        var profile = VirtualHapticProfile.noGain(name: "Refusing")
        profile.refusedEffectTypes = [FFCode.rumble]
        let node = SimulatedEvdevNode(profile: profile)
        try withEngine(on: node) { engine in
            ImpactFeedbackGenerator(style: .medium, player: engine).impactOccurred()
            #expect(engine.renderer.effectType == .periodic)
            #expect(engine.statistics.fallbacks == 1)
            #expect(engine.lastError == nil)
        }
        let types = node.log.compactMap { if case .upload(_, _, let type, _) = $0.kind { return type } else { return nil } }
        #expect(types == [FFCode.periodic])
    }

    @Test("a feedback of higher priority starts and stops the one it pre-empts in one write; a lower one is dropped")
    func preemption() throws {
        let node = SimulatedEvdevNode(profile: .phoneVibrator())
        try withEngine(on: node) { engine in
            let long = HapticPattern(events: [.continuous(at: 0, duration: 5, intensity: 1)])
            guard case .started(let first, _) = try engine.playPattern(long, priority: .impact) else {
                Issue.record("the long pattern did not start")
                return
            }
            guard case .started(let second, _) = try engine.playPattern(FeedbackPatterns.notification(.error), priority: .notification) else {
                Issue.record("the notification did not start")
                return
            }
            let batch = node.state.withLock { $0.writes.last ?? [] }
            #expect(batch.map(\.code) == second.map(UInt16.init) + first.filter { !second.contains($0) }.map(UInt16.init))
            #expect(batch.map(\.value) == second.map { _ in 1 } + first.filter { !second.contains($0) }.map { _ in 0 })
            #expect(try engine.playPattern(FeedbackPatterns.impact(.light), priority: .selection) == .dropped(playing: .notification))
            #expect(engine.statistics.dropped == 1)
        }
    }

    @Test("a device that goes away fails with .deviceLost, and the engine forgets it")
    func deviceLost() throws {
        let node = SimulatedEvdevNode(profile: .phoneVibrator())
        try withEngine(on: node) { engine in
            try engine.playPattern(FeedbackPatterns.impact(.heavy))
            node.state.withLock { $0.unplugged = true }
            #expect(throws: HapticDeviceError.deviceLost(path: node.node)) { try engine.playPattern(FeedbackPatterns.impact(.light)) }
            #expect(!engine.isOpen)
            #expect(engine.residentEffectIDs.isEmpty)
            #expect(!engine.handleDeviceActivity())
            ImpactFeedbackGenerator(style: .heavy, player: engine).impactOccurred()
            #expect(engine.lastError == .deviceLost(path: node.node), "generators report instead of throwing")
        }
    }

    @Test("the strength is the device gain; closing erases every effect and puts the gain back to full")
    func gainAndClose() throws {
        let node = SimulatedEvdevNode(profile: .phoneVibrator())
        try withEngine(on: node, configuration: HapticEngineConfiguration(strength: 0.5)) { engine in
            try engine.playPattern(FeedbackPatterns.impact(.heavy))
            try engine.playPattern(FeedbackPatterns.impact(.light))
        }
        let kinds = node.log.map(\.kind)
        #expect(kinds.first == .gain(32768))
        #expect(kinds.suffix(3) == [.erase(id: 0), .erase(id: 1), .gain(0xFFFF)])
        #expect(node.resident.isEmpty)
    }

    @Test("a device without force feedback is refused before any effect is sent")
    func noForceFeedback() throws {
        let node = SimulatedEvdevNode(description: DeviceDescription(name: "Plain Panel"))
        SystemCallSeam.withSubstitute(node) {
            #expect(throws: DeviceError.noForceFeedback(path: node.node, name: "Plain Panel")) { try ForceFeedbackDevice(path: node.node) }
        }
        #expect(node.state.withLock { $0.descriptor } == nil, "the node was closed again")
    }
}
#endif
