#if FORCEBRIDGE_SYSCALL_SEAM
import ForceCore
@testable import ForceDevices
import ForceTestSupport
import Testing

/// The guest's stress workload (`HapticStressWorkload`) at full length, 100 000 mixed triggers,
/// on a simulated force-feedback node: the engine's own device I/O, through the system call seam.
/// No error, no slot held past the device's slots, and what the engine believes uploaded is what
/// the node holds.
@Suite("haptic engine under 100 000 mixed triggers (simulated node)")
struct HapticStressHostTests {
    /// The most effects the node held at once, replaying its log of uploads and erases.
    static func mostResident(_ log: [HapticHardwareEvent]) -> Int {
        var resident: Set<Int16> = []
        var most = 0
        for event in log {
            switch event.kind {
            case .upload(let id, _, _, _): resident.insert(id)
            case .erase(let id): resident.remove(id)
            default: continue
            }
            most = max(most, resident.count)
        }
        return most
    }

    @Test func hundredThousandMixedTriggersLeakNoSlot() throws {
        let node = SimulatedEvdevNode(profile: .phoneVibrator())
        try node.withEngine { engine in
            let played = HapticStressWorkload.trigger(100_000, on: engine, seed: 7)
            #expect(engine.lastError == nil, "\(String(describing: engine.lastError))")
            #expect(engine.statistics.errors == 0)
            #expect(played > 10_000)
            #expect(engine.statistics.uploads > 1000, "the workload must churn the slots")
            #expect(node.resident == Set(engine.residentEffectIDs))
            #expect(engine.device.ownedEffects == node.resident)
            #expect(Self.mostResident(node.log) <= VirtualHapticProfile.phoneVibrator().effectSlots)
            engine.close()
            #expect(node.resident.isEmpty)
        }
    }

    @Test func mixedTriggersOnOneSlotNeverHoldMoreThanOne() throws {
        let node = SimulatedEvdevNode(profile: .oneSlot())
        try node.withEngine { engine in
            let played = HapticStressWorkload.trigger(10_000, on: engine, seed: 11)
            #expect(engine.lastError == nil, "\(String(describing: engine.lastError))")
            #expect(played > 1000)
            #expect(Self.mostResident(node.log) == 1)
            #expect(node.resident.count == 1)
            engine.close()
            #expect(node.resident.isEmpty)
        }
    }
}
#endif
