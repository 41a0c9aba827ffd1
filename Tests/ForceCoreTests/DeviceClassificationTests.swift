import ForceCore
import Testing

/// Classification by udev's `input_id` rules, computed from capabilities alone.
@Suite("Device classification (udev input_id rules)")
struct DeviceClassificationTests {
    private func device(
        keys: [EventCode] = [], abs: [EventCode] = [], rel: [EventCode] = [], ff: [EventCode] = [],
        properties: [UInt16] = []
    ) -> DeviceDescription {
        var codes: [EventType: CodeSet] = [:]
        if !keys.isEmpty { codes[.key] = CodeSet(keys) }
        if !rel.isEmpty { codes[.rel] = CodeSet(rel) }
        if !ff.isEmpty { codes[.ff] = CodeSet(ff) }
        var axes: [EventCode: AxisInfo] = [:]
        for code in abs { axes[code] = AxisInfo(minimum: 0, maximum: 1023) }
        return DeviceDescription(name: "test", properties: PropertySet(properties), codes: codes, axes: axes)
    }

    /// Every flag that is set, so that a test states the whole classification at once.
    private func flags(_ classification: DeviceClassification) -> Set<String> {
        var result: Set<String> = []
        if classification.isTouchscreen { result.insert("touchscreen") }
        if classification.isTablet { result.insert("tablet") }
        if classification.isTabletPad { result.insert("tabletPad") }
        if classification.isTouchpad { result.insert("touchpad") }
        if classification.isMouse { result.insert("mouse") }
        if classification.isJoystick { result.insert("joystick") }
        if classification.isAccelerometer { result.insert("accelerometer") }
        if classification.isPointingStick { result.insert("pointingStick") }
        if classification.hasKeys { result.insert("keys") }
        if classification.isKeyboard { result.insert("keyboard") }
        if classification.isHaptic { result.insert("haptic") }
        return result
    }

    @Test func multitouchScreenIsATouchscreen() {
        let screen = TestDevices.slotTouchscreen()
        #expect(flags(screen.classification) == ["touchscreen"])
        #expect(screen.kind == .touchscreen)
        #expect(screen.classification.isForceBridgeDevice)
    }

    @Test func directPropertyAloneMakesATouchscreen() {
        let screen = device(abs: [AbsCode.x, AbsCode.y], properties: [InputProperty.direct])
        #expect(flags(screen.classification) == ["touchscreen"])
    }

    @Test func touchButtonAloneMakesATouchscreen() {
        let screen = device(keys: [KeyCode.touch], abs: [AbsCode.x, AbsCode.y, AbsCode.pressure])
        #expect(flags(screen.classification) == ["touchscreen"])
        #expect(screen.kind == .touchscreen)
    }

    @Test func penMakesATablet() {
        let tablet = TestDevices.penTablet()
        #expect(flags(tablet.classification) == ["tablet"])
        #expect(tablet.kind == .tablet)
        #expect(tablet.classification.isForceBridgeDevice)
    }

    @Test func stylusButtonWithoutPenToolMakesATablet() {
        let tablet = device(keys: [KeyCode.touch, KeyCode.buttonStylus], abs: [AbsCode.x, AbsCode.y])
        #expect(flags(tablet.classification) == ["tablet"])
    }

    @Test func fingerToolOnAnIndirectSurfaceIsATouchpad() {
        let touchpad = device(
            keys: [KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.touch, KeyCode.toolDoubleTap],
            abs: [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID],
            properties: [InputProperty.pointer, InputProperty.buttonPad])
        #expect(flags(touchpad.classification) == ["touchpad"])
        #expect(touchpad.kind == .touchpad)
        #expect(touchpad.classification.isForceBridgeDevice)
    }

    @Test func fingerToolOnADirectSurfaceIsATouchscreen() {
        let screen = device(keys: [KeyCode.toolFinger, KeyCode.touch], abs: [AbsCode.x, AbsCode.y], properties: [InputProperty.direct])
        #expect(flags(screen.classification) == ["touchscreen"])
    }

    @Test func fingerToolNextToAPenIsATabletNotATouchpad() {
        let tablet = device(keys: [KeyCode.toolFinger, KeyCode.toolPen, KeyCode.touch], abs: [AbsCode.x, AbsCode.y])
        #expect(flags(tablet.classification) == ["tablet"])
    }

    @Test func padButtonsOnAPenlessTabletMakeATabletPad() {
        let pad = device(
            keys: [KeyCode.button0, KeyCode.button1, KeyCode.buttonStylus],
            abs: [AbsCode.x, AbsCode.y, AbsCode.wheel])
        #expect(flags(pad.classification) == ["tablet", "tabletPad"])
        #expect(pad.kind == .other)
    }

    @Test func padButtonsWithAWheelAndNoPointerMakeATabletPad() {
        let pad = device(keys: [KeyCode.button0, KeyCode.button1], rel: [RelCode.wheel])
        #expect(flags(pad.classification) == ["tablet", "tabletPad"])
        #expect(pad.kind == .other)
    }

    @Test func keyboardIsNeverAForceBridgeDevice() {
        let keyboard = device(keys: (UInt16(1)...88).map { EventCode($0) })
        #expect(flags(keyboard.classification) == ["keys", "keyboard"])
        #expect(keyboard.kind == .other)
        #expect(!keyboard.classification.isForceBridgeDevice)
    }

    @Test func compositeKeyboardWithTouchpadIsNeverAForceBridgeDevice() {
        let composite = device(
            keys: (UInt16(1)...88).map { EventCode($0) } + [KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.touch],
            abs: [AbsCode.x, AbsCode.y])
        #expect(flags(composite.classification) == ["keys", "keyboard", "touchpad"])
        #expect(!composite.classification.isForceBridgeDevice)
    }

    @Test func mediaKeysAreKeysButNotAKeyboard() {
        // KEY_MUTE, KEY_VOLUMEDOWN, KEY_VOLUMEUP, KEY_POWER.
        let buttons = device(keys: [113, 114, 115, 116])
        #expect(flags(buttons.classification) == ["keys"])
    }

    @Test func relativePointerWithButtonsIsAMouse() {
        let mouse = device(
            keys: [KeyCode.buttonLeft, KeyCode.buttonRight, KeyCode.buttonMiddle],
            rel: [RelCode.x, RelCode.y, RelCode.wheel])
        #expect(flags(mouse.classification) == ["mouse"])
        #expect(mouse.kind == .other)
        #expect(!mouse.classification.isForceBridgeDevice)
    }

    @Test func absolutePointerWithButtonsButNoTouchIsAMouse() {
        // A virtual machine's USB tablet.
        let tablet = device(keys: [KeyCode.buttonLeft, KeyCode.buttonRight], abs: [AbsCode.x, AbsCode.y], rel: [RelCode.wheel])
        #expect(flags(tablet.classification) == ["mouse"])
        #expect(tablet.kind == .other)
    }

    @Test func gamepadIsAJoystick() {
        let gamepad = device(
            keys: [KeyCode.buttonGamepad, EventCode(KeyCode.buttonGamepad.rawValue + 1), EventCode(KeyCode.buttonGamepad.rawValue + 3)],
            abs: [AbsCode.x, AbsCode.y, AbsCode.z, AbsCode.rx, AbsCode.ry, AbsCode.rz, AbsCode.hat0x])
        #expect(flags(gamepad.classification) == ["joystick"])
        #expect(gamepad.kind == .other)
        #expect(!gamepad.classification.isForceBridgeDevice)
    }

    @Test func pedalsWithoutButtonsAreAJoystick() {
        let pedals = device(abs: [AbsCode.gas, AbsCode.brake])
        #expect(flags(pedals.classification) == ["joystick"])
    }

    @Test func fakeMultitouchAxesAreNotMultitouch() {
        // A device claiming ABS_MT_SLOT - 1 (0x2e) as well as ABS_MT_SLOT claims every axis: its MT axes are fake.
        let fake = device(
            keys: [KeyCode.touch],
            abs: [EventCode(AbsCode.mtSlot.rawValue - 1), AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtPressure])
        #expect(fake.hasFakeMultitouch)
        #expect(!fake.isMultitouch)
        #expect(!fake.usesSlots)
        #expect(fake.slotCount == 0)
        #expect(flags(fake.classification) == [])
        #expect(fake.kind == .other)

        var real = fake
        real.disable(.abs, code: EventCode(AbsCode.mtSlot.rawValue - 1))
        #expect(!real.hasFakeMultitouch)
        #expect(real.isMultitouch)
        #expect(real.slotCount == 1024)
        #expect(flags(real.classification) == ["touchscreen"])
    }

    @Test func deviceClaimingEveryAxisIsAJoystickNotATouchscreen() {
        let everything = device(keys: [KeyCode.buttonGamepad], abs: (UInt16(0)...0x3f).map { EventCode($0) })
        #expect(everything.hasFakeMultitouch)
        #expect(!everything.isMultitouch)
        #expect(flags(everything.classification) == ["joystick"])
    }

    @Test func threeAxesWithoutKeysAreAnAccelerometer() {
        let accelerometer = device(abs: [AbsCode.x, AbsCode.y, AbsCode.z])
        #expect(flags(accelerometer.classification) == ["accelerometer"])
        #expect(accelerometer.kind == .other)
        #expect(!accelerometer.classification.isForceBridgeDevice)
    }

    @Test func accelerometerPropertyWinsOverEverythingElse() {
        let accelerometer = device(
            keys: [KeyCode.touch], abs: [AbsCode.x, AbsCode.y],
            properties: [InputProperty.accelerometer, InputProperty.direct])
        #expect(flags(accelerometer.classification) == ["accelerometer"])
    }

    @Test func threeAxesWithKeysAreNotAnAccelerometer() {
        let tablet = device(keys: [KeyCode.toolPen, KeyCode.touch], abs: [AbsCode.x, AbsCode.y, AbsCode.z])
        #expect(flags(tablet.classification) == ["tablet"])
    }

    @Test func rumbleOnlyDeviceIsHaptic() {
        var vibrator = device(ff: [FFCode.rumble, FFCode.periodic, FFCode.sine, FFCode.gain])
        vibrator.forceFeedbackEffectSlots = 16
        #expect(vibrator.hasForceFeedback)
        #expect(flags(vibrator.classification) == ["haptic"])
        #expect(vibrator.kind == .other)
        #expect(vibrator.classification.isForceBridgeDevice)
    }

    @Test func forceFeedbackTypeWithoutEffectsIsNotHaptic() {
        var device = device()
        device.enable(.ff)
        #expect(!device.hasForceFeedback)
        #expect(flags(device.classification) == [])
        #expect(!device.classification.isForceBridgeDevice)
    }

    @Test func pointingStickPropertyIsReported() {
        let stick = device(keys: [KeyCode.buttonLeft, KeyCode.buttonRight], rel: [RelCode.x, RelCode.y], properties: [InputProperty.pointingStick])
        #expect(flags(stick.classification) == ["mouse", "pointingStick"])
    }
}
