import ForceCore

/// Device descriptions modelled on real hardware, used across the tracker, force and pipeline tests.
enum TestDevices {
    /// Shorthand for an axis range.
    static func axis(_ minimum: Int32, _ maximum: Int32, resolution: Int32 = 0) -> AxisInfo {
        AxisInfo(minimum: minimum, maximum: maximum, resolution: resolution)
    }

    /// An i2c touchscreen speaking MT protocol B: 10 slots, `ABS_MT_PRESSURE` 0–255, tool type.
    static func slotTouchscreen(slots: Int32 = 10, pressure: AxisInfo? = axis(0, 255)) -> DeviceDescription {
        var axes: [EventCode: AxisInfo] = [
            AbsCode.x: axis(0, 4095), AbsCode.y: axis(0, 4095),
            AbsCode.mtSlot: axis(0, slots - 1),
            AbsCode.mtTouchMajor: axis(0, 255),
            AbsCode.mtPositionX: axis(0, 4095), AbsCode.mtPositionY: axis(0, 4095),
            AbsCode.mtToolType: axis(0, 2),
            AbsCode.mtTrackingID: axis(0, 65535),
        ]
        if let pressure { axes[AbsCode.mtPressure] = pressure }
        return DeviceDescription(
            name: "ELAN Touchscreen", id: InputID(bustype: 0x18, vendor: 0x04f3, product: 0x2a9c),
            properties: PropertySet([InputProperty.direct]),
            codes: [.key: CodeSet([KeyCode.touch])], axes: axes)
    }

    /// An old touchscreen speaking MT protocol A (`SYN_MT_REPORT`), with or without tracking ids.
    static func anonymousTouchscreen(trackingIDs: Bool) -> DeviceDescription {
        var axes: [EventCode: AxisInfo] = [
            AbsCode.x: axis(0, 1023), AbsCode.y: axis(0, 1023),
            AbsCode.mtPositionX: axis(0, 1023), AbsCode.mtPositionY: axis(0, 1023),
            AbsCode.mtPressure: axis(0, 255), AbsCode.mtToolType: axis(0, 2),
        ]
        if trackingIDs { axes[AbsCode.mtTrackingID] = axis(0, 255) }
        return DeviceDescription(
            name: "Protocol A Touchscreen", properties: PropertySet([InputProperty.direct]),
            codes: [.key: CodeSet([KeyCode.touch])], axes: axes)
    }

    /// A resistive single-touch screen: `ABS_X/Y`, `ABS_PRESSURE` 0–255 and `BTN_TOUCH`.
    static func singleTouchscreen() -> DeviceDescription {
        DeviceDescription(
            name: "Resistive Touchscreen", properties: PropertySet([InputProperty.direct]),
            codes: [.key: CodeSet([KeyCode.touch])],
            axes: [AbsCode.x: axis(0, 4095), AbsCode.y: axis(0, 4095), AbsCode.pressure: axis(0, 255)])
    }

    /// A Wacom Intuos Pro M pen: `ABS_PRESSURE` 0–8191, distance 0–63, tilt ±64 at 57 units/rad.
    static func penTablet(tiltResolution: Int32 = 57) -> DeviceDescription {
        DeviceDescription(
            name: "Wacom Intuos Pro M Pen", id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x0357),
            codes: [.key: CodeSet([KeyCode.toolPen, KeyCode.toolRubber, KeyCode.touch, KeyCode.buttonStylus, KeyCode.buttonStylus2])],
            axes: [
                AbsCode.x: axis(0, 44704, resolution: 200), AbsCode.y: axis(0, 27940, resolution: 200),
                AbsCode.pressure: axis(0, 8191), AbsCode.distance: axis(0, 63),
                AbsCode.tiltX: axis(-64, 63, resolution: tiltResolution),
                AbsCode.tiltY: axis(-64, 63, resolution: tiltResolution),
            ])
    }

    /// A Wacom Bamboo pen: `ABS_PRESSURE` 0–1023, distance 0–31, no tilt.
    static func bambooPen(distance: Bool = true) -> DeviceDescription {
        var axes: [EventCode: AxisInfo] = [
            AbsCode.x: axis(0, 14720), AbsCode.y: axis(0, 9200), AbsCode.pressure: axis(0, 1023),
        ]
        if distance { axes[AbsCode.distance] = axis(0, 31) }
        return DeviceDescription(
            name: "Wacom Bamboo 2FG 4x5 Pen", id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x00d1),
            properties: PropertySet([InputProperty.pointer]),
            codes: [.key: CodeSet([KeyCode.toolPen, KeyCode.toolRubber, KeyCode.touch, KeyCode.buttonStylus])],
            axes: axes)
    }

    /// A phone touchscreen without any pressure axis (MT protocol B, contact size only).
    static func noPressureTouchscreen() -> DeviceDescription {
        slotTouchscreen(pressure: nil)
    }

    /// A tablet touchscreen with positions only: neither pressure nor contact size (MT protocol B).
    static func positionsOnlyTouchscreen() -> DeviceDescription {
        var device = slotTouchscreen(pressure: nil)
        device.disable(.abs, code: AbsCode.mtTouchMajor)
        return device
    }
}
