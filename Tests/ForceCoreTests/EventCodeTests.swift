import ForceCore
import Testing

/// `EventCode` and the bitmasks of codes, types and properties.
@Suite("Event codes and kernel bitmasks")
struct EventCodeTests {
    @Test("a code prints as its decimal number, as the writers and messages printed the plain UInt16")
    func descriptionIsTheDecimalNumber() {
        #expect("\(AbsCode.mtPositionX)" == "53")
        #expect(String(describing: KeyCode.touch) == "330")
        #expect(EventCode(rawValue: 0xffff).description == "65535")
    }

    @Test("a code's name depends on the type it comes with")
    func namesNeedTheType() throws {
        let code: EventCode = 0x35
        #expect(EventCodeNames.name(type: .abs, code: code) == "ABS_MT_POSITION_X")
        #expect(EventCodeNames.name(type: .key, code: code) == "KEY_SLASH")
        #expect(EventCodeNames.name(type: .abs, code: 0x3e) == "ABS_0x3e")
        let named = try #require(EventCodeNames.code(named: "ABS_MT_PRESSURE"))
        #expect(named.type == .abs)
        #expect(named.code == AbsCode.mtPressure)
    }

    @Test("codes order and hash by their numbers")
    func orderAndHashing() {
        #expect(AbsCode.mtSlot < AbsCode.mtTouchMajor)
        #expect([KeyCode.touch, KeyCode.toolPen, KeyCode.buttonLeft].sorted() == [KeyCode.buttonLeft, KeyCode.toolPen, KeyCode.touch])
        #expect(Set([KeyCode.buttonMisc, KeyCode.button0]).count == 1)
    }

    @Test("a half-open range leaves out its upper bound, a closed one keeps it")
    func rangesOfCodes() {
        let keys = CodeSet([KeyCode.buttonJoystick])
        #expect(!keys.containsAny(in: KeyCode.buttonMouse..<KeyCode.buttonJoystick))
        #expect(keys.containsAny(in: KeyCode.buttonMouse...KeyCode.buttonJoystick))
        #expect(keys.containsAny(in: KeyCode.buttonJoystick..<KeyCode.buttonGamepad))
        #expect(!keys.containsAny(in: KeyCode.buttonJoystick..<KeyCode.buttonJoystick))
    }

    @Test("types, codes and properties share the kernel's bitmask layout")
    func bitmasksOfEachKind() {
        var device = DeviceDescription(name: "bitmasks")
        device.enable(.abs, code: AbsCode.mtSlot)
        device.enable(.key, code: KeyCode.touch)
        device.properties.insert(InputProperty.direct)
        #expect(Array(device.types) == [.syn, .key, .abs])
        #expect(device.types.bitmaskBytes(count: 1) == [0b1011])
        #expect(Array(device.codes(of: .abs)) == [AbsCode.mtSlot])
        #expect(device.codes(of: .abs).bitmaskBytes(count: 6) == [0, 0, 0, 0, 0, 0x80])
        #expect(device.properties.bitmaskBytes(count: 1) == [0b10])
        #expect(CodeSet(bitmaskBytes: [0, 0, 0, 0, 0, 0x80]) == device.codes(of: .abs))
    }
}
