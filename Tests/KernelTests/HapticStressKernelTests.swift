import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

/// Mixed triggers on a uinput force-feedback device (`HapticStressWorkload`): no slot leaks, no
/// ENOSPC, no error of any kind, and the kernel holds what the engine believes it uploaded. 20 000
/// triggers churn the 16 slots thousands of times; the host runs the same workload 100 000 times
/// on a simulated node (`HapticStressHostTests`), where emulation does not make each one cost a
/// kernel round trip under TCG.
@Suite(.guestOnly, .serialized)
struct HapticStressKernelTests {
    @Test func mixedTriggersLeakNoSlot() throws {
        let fixture = try HapticFixture(.phoneVibrator())
        fixture.hardware.keepsEvents = false
        let played = HapticStressWorkload.trigger(20_000, on: fixture.engine, seed: 7) { fixture.pace() }
        #expect(fixture.engine.lastError == nil, "\(String(describing: fixture.engine.lastError))")
        #expect(fixture.engine.statistics.errors == 0)
        #expect(played > 1000)
        #expect(fixture.engine.statistics.uploads > 1000, "the workload must churn the slots")
        // The engine and the device agree on what is uploaded, and it never exceeded the slots.
        #expect(Set(fixture.hardware.residentEffects.keys) == Set(fixture.engine.residentEffectIDs))
        #expect(fixture.hardware.mostResidentEffects <= 16)
        #expect(fixture.engine.device.ownedEffects == Set(fixture.engine.residentEffectIDs))
        fixture.engine.close()
        #expect(fixture.hardware.residentEffects.isEmpty)
    }

    @Test func mixedTriggersOnOneSlotNeverHoldMoreThanOne() throws {
        let fixture = try HapticFixture(.oneSlot())
        fixture.hardware.keepsEvents = false
        _ = HapticStressWorkload.trigger(4_000, on: fixture.engine, seed: 11) { fixture.pace() }
        #expect(fixture.engine.lastError == nil, "\(String(describing: fixture.engine.lastError))")
        #expect(fixture.hardware.mostResidentEffects == 1)
        #expect(fixture.hardware.residentEffects.count == 1)
        fixture.engine.close()
        #expect(fixture.hardware.residentEffects.isEmpty)
    }
}
