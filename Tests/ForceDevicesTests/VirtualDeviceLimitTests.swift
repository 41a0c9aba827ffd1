import ForceCore
import Testing
@testable import ForceDevices

/// Descriptions uinput would refuse with a bare `EINVAL` are caught first, with what to change.
struct VirtualDeviceLimitTests {
    private func touchscreen(slotMaximum: Int32) -> DeviceDescription {
        var device = DeviceDescription(name: "Panel")
        device.enable(.abs, code: AbsCode.mtSlot, axis: AxisInfo(minimum: 0, maximum: slotMaximum))
        device.enable(.abs, code: AbsCode.mtPositionX, axis: AxisInfo(minimum: 0, maximum: 3839))
        device.enable(.abs, code: AbsCode.mtPositionY, axis: AxisInfo(minimum: 0, maximum: 2159))
        device.enable(.abs, code: AbsCode.mtTrackingID, axis: AxisInfo(minimum: 0, maximum: 65535))
        return device
    }

    @Test func upToOneHundredSlotsPass() throws {
        try VirtualDevice.checkLimits(of: touchscreen(slotMaximum: 9))
        try VirtualDevice.checkLimits(of: touchscreen(slotMaximum: 99))
    }

    @Test func moreSlotsAreRefusedWithTheLimit() {
        #expect {
            try VirtualDevice.checkLimits(of: touchscreen(slotMaximum: 100))
        } throws: { error in
            guard case DeviceError.uinputRejected(let device, let reason) = error else { return false }
            return device == "Panel" && reason.hasPrefix("it has 101 multitouch slots (ABS_MT_SLOT 0...100) and uinput allows at most 100.")
        }
    }

    @Test func invertedRangeAndOversizedFlatAreRefused() {
        var inverted = touchscreen(slotMaximum: 9)
        inverted.enable(.abs, code: AbsCode.pressure, axis: AxisInfo(minimum: 255, maximum: 0))
        #expect(throws: DeviceError.self) { try VirtualDevice.checkLimits(of: inverted) }
        var flat = touchscreen(slotMaximum: 9)
        flat.enable(.abs, code: AbsCode.x, axis: AxisInfo(minimum: 0, maximum: 100, flat: 200))
        #expect {
            try VirtualDevice.checkLimits(of: flat)
        } throws: { error in
            "\(error)".contains("axis ABS_X has a flat value (200) larger than its range (100)")
        }
        // An axis with no range at all (0...0) is allowed, as the kernel allows it.
        var empty = touchscreen(slotMaximum: 9)
        empty.enable(.abs, code: AbsCode.misc, axis: AxisInfo(minimum: 0, maximum: 0))
        #expect(throws: Never.self) { try VirtualDevice.checkLimits(of: empty) }
    }

    @Test func messageSaysWhatToChange() {
        let text = DeviceError.uinputRejected(device: "Panel", reason: "it is wrong. Fix it").description
        #expect(text == "uinput cannot create \"Panel\": it is wrong. Fix it.")
    }
}
