import ForceCore
import ForceUdev
import Testing

/// The rules' decision restated in Swift: exclusions win over every grant.
@Suite("udev access policy")
struct UdevAccessPolicyTests {
    /// A classification with the given `ID_INPUT_*` flags.
    static func classified(_ flags: [WritableKeyPath<DeviceClassification, Bool>]) -> DeviceClassification {
        var classification = DeviceClassification(DeviceDescription(name: ""))
        for flag in flags { classification[keyPath: flag] = true }
        return classification
    }

    @Test func grantsTouchscreensPensPadsAndHapticDevices() {
        #expect(UdevAccessPolicy.decision(for: Self.classified([\.isTouchscreen])) == .granted(kind: "touchscreen"))
        #expect(UdevAccessPolicy.decision(for: Self.classified([\.isTablet])) == .granted(kind: "pen"))
        #expect(UdevAccessPolicy.decision(for: Self.classified([\.isTablet, \.isTabletPad])) == .granted(kind: "pad"))
        #expect(UdevAccessPolicy.decision(for: Self.classified([\.isHaptic])) == .granted(kind: "haptic"))
        #expect(UdevAccessPolicy.decision(for: Self.classified([\.isTouchscreen, \.isHaptic])) == .granted(kind: "touchscreen"))
        #expect(UdevAccessPolicy.decision(for: Self.classified([\.isJoystick, \.isHaptic])) == .granted(kind: "haptic"))
    }

    /// The flag named like udev's property without `ID_INPUT_`.
    static func flag(_ name: String) -> WritableKeyPath<DeviceClassification, Bool> {
        switch name {
        case "KEYBOARD": return \.isKeyboard
        case "KEY": return \.hasKeys
        case "MOUSE": return \.isMouse
        case "TOUCHPAD": return \.isTouchpad
        case "POINTINGSTICK": return \.isPointingStick
        case "TOUCHSCREEN": return \.isTouchscreen
        case "TABLET": return \.isTablet
        case "TABLET_PAD": return \.isTabletPad
        case "FF": return \.isHaptic
        default: fatalError("unknown flag \(name)")
        }
    }

    @Test(arguments: [
        ["KEYBOARD", "KEY"],
        ["KEYBOARD", "KEY", "TOUCHSCREEN"],
        ["KEYBOARD", "KEY", "FF"],
        ["KEY", "TOUCHSCREEN"],
        ["KEY", "TABLET", "TABLET_PAD"],
        ["MOUSE"],
        ["MOUSE", "FF"],
        ["TOUCHPAD"],
        ["TOUCHPAD", "FF"],
        ["POINTINGSTICK", "MOUSE"],
    ])
    func excludesKeyboardsKeysMiceAndTouchpadsWhateverElseTheyAre(flags: [String]) {
        let decision = UdevAccessPolicy.decision(for: Self.classified(flags.map(Self.flag)))
        guard case .excluded = decision else {
            Issue.record("expected an exclusion, got \(decision)")
            return
        }
        #expect(!decision.isGranted)
    }

    @Test func leavesOtherDevicesAlone() {
        #expect(UdevAccessPolicy.decision(for: Self.classified([])) == .notCovered)
        #expect(UdevAccessPolicy.decision(for: Self.classified([\.isJoystick])) == .notCovered)
        #expect(UdevAccessPolicy.decision(for: Self.classified([\.isAccelerometer])) == .notCovered)
    }

    @Test func capabilityClassificationOfAKeyboardWithATouchscreenIsExcluded() {
        // One node with a full keyboard block and a direct-touch surface (an all-in-one device).
        var device = DeviceDescription(name: "Keyboard with touchscreen")
        device.properties = PropertySet([InputProperty.direct])
        for number: UInt16 in 1...88 { device.enable(.key, code: EventCode(number)) }
        device.enable(.key, code: KeyCode.touch)
        device.enable(.abs, code: AbsCode.x, axis: AxisInfo(minimum: 0, maximum: 100))
        device.enable(.abs, code: AbsCode.y, axis: AxisInfo(minimum: 0, maximum: 100))
        let classification = DeviceClassification(device)
        #expect(classification.isTouchscreen && classification.isKeyboard)
        #expect(!UdevAccessPolicy.decision(for: classification).isGranted)
    }
}
