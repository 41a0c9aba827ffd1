import ForceTestSupport
import ForceCore

/// The devices the udev guest tests create: what the rules must grant, and what they must never
/// grant. Composite devices are modelled the way the kernel presents real ones: one input device
/// (and event node) per function, sharing the bus, vendor, product and phys of their USB
/// interface, as a detachable keyboard cover's keyboard and touchpad, or a 2-in-1's keyboard dock
/// and touchscreen do; and, for devices that put several functions on one node, one description
/// with both sets of capabilities.
enum UdevTestDevices {
    /// The USB interface every part of the composite devices shares.
    static let compositeID = InputID(bustype: 0x03, vendor: 0x045e, product: 0x09c0, version: 0x111)
    static let compositePhys = "usb-0000:00:14.0-7/input0"

    /// A force-feedback-only device, like a phone's vibration motor (`gpio-vibrator`).
    static func vibrator(name: String) -> DeviceDescription {
        var device = DeviceDescription(name: name, id: InputID(bustype: 0x19, vendor: 0x0fb0, product: 0x0001, version: 1))
        for code in [FFCode.rumble, FFCode.periodic, FFCode.sine, FFCode.gain] { device.enable(.ff, code: code) }
        return device
    }

    /// A Wacom-style tablet pad: buttons, a ring, and the dummy X/Y and BTN_STYLUS that make udev
    /// call it a tablet pad.
    static func tabletPad(name: String) -> DeviceDescription {
        var device = DeviceDescription(name: name, id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x0358, version: 0x110))
        for code in [KeyCode.button0, KeyCode.button1, EventCode(KeyCode.button0.rawValue + 2), EventCode(KeyCode.button0.rawValue + 3), KeyCode.buttonStylus] {
            device.enable(.key, code: code)
        }
        device.enable(.abs, code: AbsCode.x, axis: AxisInfo(minimum: 0, maximum: 1))
        device.enable(.abs, code: AbsCode.y, axis: AxisInfo(minimum: 0, maximum: 1))
        device.enable(.abs, code: AbsCode.wheel, axis: AxisInfo(minimum: 0, maximum: 71))
        return device
    }

    /// A mouse with a wheel.
    static func mouse(name: String) -> DeviceDescription {
        var device = DeviceDescription(name: name, id: InputID(bustype: 0x03, vendor: 0x046d, product: 0xc077, version: 0x111))
        for code in [KeyCode.buttonLeft, KeyCode.buttonRight, KeyCode.buttonMiddle] { device.enable(.key, code: code) }
        for code in [RelCode.x, RelCode.y, RelCode.wheel] { device.enable(.rel, code: code) }
        return device
    }

    /// A mouse with a vibration motor (force feedback must not open a mouse).
    static func hapticMouse(name: String) -> DeviceDescription {
        var device = mouse(name: name)
        device.enable(.ff, code: FFCode.rumble)
        return device
    }

    /// A keyboard with a rumble motor (force feedback must not open a keyboard).
    static func hapticKeyboard(name: String) -> DeviceDescription {
        var device = keyboard(name: name, id: InputID(bustype: 0x03, vendor: 0x1532, product: 0x0227, version: 0x111))
        device.enable(.ff, code: FFCode.rumble)
        return device
    }

    /// A full keyboard.
    static func keyboard(name: String, id: InputID = compositeID, phys: String? = nil) -> DeviceDescription {
        var device = DeviceDescription(name: name, id: id, physicalLocation: phys)
        for number: UInt16 in 1...88 { device.enable(.key, code: EventCode(number)) }
        device.enable(.msc, code: MscCode.scan)
        return device
    }

    /// A clickpad with pressure, like a keyboard cover's touchpad.
    static func touchpad(name: String, id: InputID = compositeID, phys: String? = nil) -> DeviceDescription {
        var device = DeviceDescription(name: name, id: id, physicalLocation: phys)
        device.properties = PropertySet([InputProperty.pointer, InputProperty.buttonPad])
        for code in [KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.touch] { device.enable(.key, code: code) }
        addMultitouch(to: &device, width: 1000, height: 600)
        return device
    }

    /// The touchscreen part of a composite device.
    static func compositeTouchscreen(name: String) -> DeviceDescription {
        var device = DeviceDescription(name: name, id: compositeID, physicalLocation: compositePhys)
        device.properties = PropertySet([InputProperty.direct])
        device.enable(.key, code: KeyCode.touch)
        addMultitouch(to: &device, width: 3839, height: 2159)
        return device
    }

    /// One node with a keyboard and a touchpad, as some wireless keyboards with a built-in
    /// touchpad present themselves.
    static func keyboardWithTouchpad(name: String) -> DeviceDescription {
        var device = touchpad(name: name, id: InputID(bustype: 0x03, vendor: 0x046d, product: 0x4024, version: 0x111))
        for number: UInt16 in 1...88 { device.enable(.key, code: EventCode(number)) }
        return device
    }

    /// One node with a keyboard and a touchscreen.
    static func keyboardWithTouchscreen(name: String) -> DeviceDescription {
        var device = compositeTouchscreen(name: name)
        for number: UInt16 in 1...88 { device.enable(.key, code: EventCode(number)) }
        return device
    }

    /// A touchscreen whose node also reports one key (Goodix panels send KEY_LEFTMETA for the
    /// Windows button): the rules exclude every node with keys.
    static func touchscreenWithKey(name: String) -> DeviceDescription {
        var device = TestDevices.touchscreen(name: name)
        device.id = InputID(bustype: 0x18, vendor: 0x0416, product: 0x038f, version: 0x100)
        device.enable(.key, code: 125)  // KEY_LEFTMETA
        return device
    }

    private static func addMultitouch(to device: inout DeviceDescription, width: Int32, height: Int32) {
        device.enable(.abs, code: AbsCode.x, axis: AxisInfo(minimum: 0, maximum: width, resolution: 12))
        device.enable(.abs, code: AbsCode.y, axis: AxisInfo(minimum: 0, maximum: height, resolution: 12))
        device.enable(.abs, code: AbsCode.mtSlot, axis: AxisInfo(minimum: 0, maximum: 4))
        device.enable(.abs, code: AbsCode.mtPositionX, axis: AxisInfo(minimum: 0, maximum: width, resolution: 12))
        device.enable(.abs, code: AbsCode.mtPositionY, axis: AxisInfo(minimum: 0, maximum: height, resolution: 12))
        device.enable(.abs, code: AbsCode.mtTrackingID, axis: AxisInfo(minimum: 0, maximum: 65535))
        device.enable(.abs, code: AbsCode.mtPressure, axis: AxisInfo(minimum: 0, maximum: 255))
    }
}
