import ForceCore

/// Descriptions of the virtual devices the guest tests create.
public enum TestDevices {
    /// An MT protocol B touchscreen with pressure, like an ELAN i2c panel.
    public static func touchscreen(name: String = "ForceBridge Test Touchscreen") -> DeviceDescription {
        var device = DeviceDescription(name: name, id: InputID(bustype: 0x18, vendor: 0x04f3, product: 0x2c82, version: 0x100))
        device.properties = PropertySet([InputProperty.direct])
        device.enable(.key, code: KeyCode.touch)
        device.enable(.abs, code: AbsCode.x, axis: AxisInfo(minimum: 0, maximum: 3839, resolution: 13))
        device.enable(.abs, code: AbsCode.y, axis: AxisInfo(minimum: 0, maximum: 2159, resolution: 13))
        device.enable(.abs, code: AbsCode.mtSlot, axis: AxisInfo(minimum: 0, maximum: 9))
        device.enable(.abs, code: AbsCode.mtPositionX, axis: AxisInfo(minimum: 0, maximum: 3839, resolution: 13))
        device.enable(.abs, code: AbsCode.mtPositionY, axis: AxisInfo(minimum: 0, maximum: 2159, resolution: 13))
        device.enable(.abs, code: AbsCode.mtTrackingID, axis: AxisInfo(minimum: 0, maximum: 65535))
        device.enable(.abs, code: AbsCode.mtPressure, axis: AxisInfo(minimum: 0, maximum: 255))
        return device
    }

    /// A touchscreen without pressure or contact size: force follows how long a touch is held
    /// still (Haptic Touch).
    public static func touchscreenWithoutForce(name: String = "ForceBridge Test Plain Touchscreen") -> DeviceDescription {
        var device = touchscreen(name: name)
        device.disable(.abs, code: AbsCode.mtPressure)
        return device
    }

    /// A touchscreen without pressure that reports contact size (`ABS_MT_TOUCH_MAJOR` 0–255), like a
    /// Goodix panel: force is estimated from it.
    public static func touchscreenWithContactSize(name: String = "ForceBridge Test Goodix Touchscreen") -> DeviceDescription {
        var device = touchscreenWithoutForce(name: name)
        device.enable(.abs, code: AbsCode.mtTouchMajor, axis: AxisInfo(minimum: 0, maximum: 255))
        return device
    }

    /// A 3M MicroTouch touchscreen (USB 0596:0506) as the kernel's hid-multitouch presents it
    /// (class `MT_CLS_3M`: 60 slots, noise filters of 1/2048 of the position range and 1/128 of the
    /// contact size range): MT protocol B, positions 0–32767 without resolution (its report
    /// descriptor's unit is not one the kernel converts), contact size `ABS_MT_TOUCH_MAJOR` and
    /// `_MINOR` 0–32767 (widths and heights, halved by its touch-size-scaling quirk) with
    /// `ABS_MT_ORIENTATION` 0–1, and no pressure: force is estimated from contact size.
    public static func microTouch3M(name: String = "ForceBridge Test 3M MicroTouch") -> DeviceDescription {
        var device = DeviceDescription(name: name, id: InputID(bustype: 0x03, vendor: 0x0596, product: 0x0506, version: 0x110))
        device.properties = PropertySet([InputProperty.direct])
        device.enable(.key, code: KeyCode.touch)
        for code in [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY] {
            device.enable(.abs, code: code, axis: AxisInfo(minimum: 0, maximum: 32767, fuzz: 15))
        }
        device.enable(.abs, code: AbsCode.mtSlot, axis: AxisInfo(minimum: 0, maximum: 59))
        device.enable(.abs, code: AbsCode.mtTouchMajor, axis: AxisInfo(minimum: 0, maximum: 32767, fuzz: 255))
        device.enable(.abs, code: AbsCode.mtTouchMinor, axis: AxisInfo(minimum: 0, maximum: 32767, fuzz: 255))
        device.enable(.abs, code: AbsCode.mtOrientation, axis: AxisInfo(minimum: 0, maximum: 1))
        device.enable(.abs, code: AbsCode.mtTrackingID, axis: AxisInfo(minimum: 0, maximum: 65535))
        return device
    }

    /// A finger's contact on `microTouch3M()`: about 10 mm across on its 27.7-inch-wide surface,
    /// halved as the kernel reports it (width 232, height 200 of 0–32767).
    public static let microTouch3MFinger: (major: Int32, minor: Int32) = (232, 200)

    /// A still finger on `touchscreenWithoutForce()`: lands at `start`, then sends nothing for
    /// `silence` microseconds, then lifts.
    public static func stillFinger(start: Int64 = 5_000_000, silence: Int64 = 1_200_000) -> [InputEvent] {
        let lift = start + silence
        return [
            InputEvent(time: start, type: .abs, code: AbsCode.mtSlot, value: 0),
            InputEvent(time: start, type: .abs, code: AbsCode.mtTrackingID, value: 17),
            InputEvent(time: start, type: .abs, code: AbsCode.mtPositionX, value: 1200),
            InputEvent(time: start, type: .abs, code: AbsCode.mtPositionY, value: 900),
            InputEvent(time: start, type: .key, code: KeyCode.touch, value: 1),
            .report(at: start),
            InputEvent(time: lift, type: .abs, code: AbsCode.mtTrackingID, value: -1),
            InputEvent(time: lift, type: .key, code: KeyCode.touch, value: 0),
            .report(at: lift),
        ]
    }

    /// A pen tablet with pressure, tilt and hover distance, like a Wacom Intuos.
    public static func penTablet(name: String = "ForceBridge Test Pen") -> DeviceDescription {
        var device = DeviceDescription(name: name, id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x0357, version: 0x110))
        device.properties = PropertySet([InputProperty.pointer])
        for code in [KeyCode.toolPen, KeyCode.toolRubber, KeyCode.touch, KeyCode.buttonStylus, KeyCode.buttonStylus2] {
            device.enable(.key, code: code)
        }
        device.enable(.abs, code: AbsCode.x, axis: AxisInfo(minimum: 0, maximum: 44800, fuzz: 4, resolution: 200))
        device.enable(.abs, code: AbsCode.y, axis: AxisInfo(minimum: 0, maximum: 29600, fuzz: 4, resolution: 200))
        device.enable(.abs, code: AbsCode.pressure, axis: AxisInfo(minimum: 0, maximum: 8191))
        device.enable(.abs, code: AbsCode.distance, axis: AxisInfo(minimum: 0, maximum: 63))
        device.enable(.abs, code: AbsCode.tiltX, axis: AxisInfo(minimum: -64, maximum: 63, resolution: 57))
        device.enable(.abs, code: AbsCode.tiltY, axis: AxisInfo(minimum: -64, maximum: 63, resolution: 57))
        device.enable(.msc, code: MscCode.serial)
        return device
    }

    /// A keyboard (must never be opened or recorded).
    public static func keyboard(name: String = "ForceBridge Test Keyboard") -> DeviceDescription {
        var device = DeviceDescription(name: name, id: InputID(bustype: 0x11, vendor: 0x1, product: 0x1, version: 0xab41))
        for number: UInt16 in 1...88 { device.enable(.key, code: EventCode(number)) }
        device.enable(.msc, code: MscCode.scan)
        return device
    }
}

/// Scripted touchscreen gestures as frames of events (times are 8 ms apart from `start`).
public enum ScriptedGesture {
    /// One finger presses at (x, y), pressure rising to `peak` and falling back, then lifts.
    public static func press(trackingID: Int32 = 41, x: Int32 = 1900, y: Int32 = 1000, peak: Int32 = 140,
                      frames: Int = 60, lift: Bool = true, start: Int64 = 1_000_000) -> [[InputEvent]] {
        var result: [[InputEvent]] = []
        var time = start
        func frame(_ values: [(EventType, EventCode, Int32)]) {
            var events = values.map { InputEvent(time: time, type: $0.0, code: $0.1, value: $0.2) }
            events.append(.report(at: time))
            result.append(events)
            time += 8000
        }
        frame([(.abs, AbsCode.mtSlot, 0), (.abs, AbsCode.mtTrackingID, trackingID), (.abs, AbsCode.mtPositionX, x),
               (.abs, AbsCode.mtPositionY, y), (.abs, AbsCode.mtPressure, 12), (.key, KeyCode.touch, 1),
               (.abs, AbsCode.x, x), (.abs, AbsCode.y, y)])
        for index in 1..<frames {
            // Up to the peak over the first two thirds, then back down.
            let phase = Double(index) / Double(frames)
            let shape = phase < 0.66 ? phase / 0.66 : max(0, 1 - (phase - 0.66) / 0.34)
            let pressure = Int32(12 + Double(peak - 12) * shape)
            frame([(.abs, AbsCode.mtPositionX, x + Int32(index % 3)), (.abs, AbsCode.mtPressure, max(pressure, 1)),
                   (.abs, AbsCode.x, x + Int32(index % 3))])
        }
        if lift {
            frame([(.abs, AbsCode.mtTrackingID, -1), (.key, KeyCode.touch, 0)])
        }
        return result
    }
}
