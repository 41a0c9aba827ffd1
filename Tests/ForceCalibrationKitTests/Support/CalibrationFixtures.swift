import ForceCalibrationKit
import ForceCore
import ForceRecording
import ForceSession

/// Devices modelled on real hardware, and calibration sessions on them with known answers.
enum CalibrationFixtures {
    static func axis(_ minimum: Int32, _ maximum: Int32, resolution: Int32 = 0) -> AxisInfo {
        AxisInfo(minimum: minimum, maximum: maximum, resolution: resolution)
    }

    /// A Wacom Bamboo pen: `ABS_PRESSURE` 0–1023, with or without `ABS_DISTANCE` 0–31.
    static func bambooPen(distance: Bool = true) -> DeviceDescription {
        var axes: [EventCode: AxisInfo] = [AbsCode.x: axis(0, 14720), AbsCode.y: axis(0, 9200), AbsCode.pressure: axis(0, 1023)]
        if distance { axes[AbsCode.distance] = axis(0, 31) }
        return DeviceDescription(
            name: "Wacom Bamboo 2FG 4x5 Pen", id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x00d1, version: 0x0100),
            properties: PropertySet([InputProperty.pointer]),
            codes: [.key: CodeSet([KeyCode.toolPen, KeyCode.toolRubber, KeyCode.touch, KeyCode.buttonStylus])], axes: axes)
    }

    /// An ELAN i2c touchscreen, MT protocol B, `ABS_MT_PRESSURE` 0–255 (or none), contact size 0–255.
    static func elanTouchscreen(pressure: Bool = true, touchMajor: Bool = true) -> DeviceDescription {
        var axes: [EventCode: AxisInfo] = [
            AbsCode.x: axis(0, 3839), AbsCode.y: axis(0, 2159), AbsCode.mtSlot: axis(0, 9),
            AbsCode.mtPositionX: axis(0, 3839), AbsCode.mtPositionY: axis(0, 2159), AbsCode.mtTrackingID: axis(0, 65535),
        ]
        if pressure { axes[AbsCode.mtPressure] = axis(0, 255) }
        if touchMajor { axes[AbsCode.mtTouchMajor] = axis(0, 255) }
        return DeviceDescription(
            name: "ELAN9008:00 04F3:2C82", id: InputID(bustype: 0x18, vendor: 0x04f3, product: 0x2c82, version: 0x0100),
            properties: PropertySet([InputProperty.direct]), codes: [.key: CodeSet([KeyCode.touch])], axes: axes)
    }

    /// A Synaptics-like clickpad: MT protocol B with `ABS_MT_PRESSURE` 0–255 and a button.
    static func touchpad() -> DeviceDescription {
        DeviceDescription(
            name: "SYNA8004:00 06CB:CD8B Touchpad", id: InputID(bustype: 0x18, vendor: 0x06cb, product: 0xcd8b, version: 0x0100),
            properties: PropertySet([InputProperty.pointer, 2]),
            codes: [.key: CodeSet([KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.touch, KeyCode.toolDoubleTap])],
            axes: [
                AbsCode.x: axis(0, 1224), AbsCode.y: axis(0, 804), AbsCode.mtSlot: axis(0, 4),
                AbsCode.mtPositionX: axis(0, 1224), AbsCode.mtPositionY: axis(0, 804), AbsCode.mtTrackingID: axis(0, 65535),
                AbsCode.mtPressure: axis(0, 255), AbsCode.pressure: axis(0, 255),
            ])
    }

    /// A USB keyboard.
    static func keyboard() -> DeviceDescription {
        DeviceDescription(name: "Dell KB216 Keyboard", id: InputID(bustype: 0x03, vendor: 0x413c, product: 0x2113),
                          codes: [.key: CodeSet((UInt16(1)...120).map { EventCode($0) })])
    }

    /// A USB mouse.
    static func mouse() -> DeviceDescription {
        DeviceDescription(name: "Logitech USB Optical Mouse", id: InputID(bustype: 0x03, vendor: 0x046d, product: 0xc077),
                          codes: [.key: CodeSet([KeyCode.buttonLeft, KeyCode.buttonRight, KeyCode.buttonMiddle]),
                                  .rel: CodeSet([RelCode.x, RelCode.y, RelCode.wheel])])
    }

    /// A pen session: resting at `rest`, then five light taps, ordinary and firm presses at the
    /// given peaks (each press varied by ±`spread`), hovering at `rest` in between.
    static func penSession(_ device: DeviceDescription, rest: Double, light: Double, ordinary: Double, firm: Double,
                           spread: Double = 0.05, seed: UInt64 = 1) -> [InputEvent] {
        var session = SessionSynthesizer(device: device, rate: 133, noise: 2, seed: seed)
        session.hover(1.5, pressure: rest)
        for (peak, isTap) in [(light, true), (ordinary, false), (firm, false)] {
            for _ in 0..<5 {
                let value = rest + (peak - rest) * session.vary(spread)
                if isTap {
                    session.press(peak: value, from: rest, rise: 0.04, hold: 0.03, fall: 0.04)
                } else {
                    session.press(peak: value, from: rest)
                }
                session.hover(0.35, pressure: rest)
            }
            session.hover(1.0, pressure: rest)
        }
        session.leaveRange()
        return session.events
    }

    /// A touch session: five light taps, ordinary and firm presses at the given peaks (pressure,
    /// or contact size on devices without pressure), varied by ±`spread`.
    static func touchSession(_ device: DeviceDescription, light: Double, ordinary: Double, firm: Double,
                             spread: Double = 0.05, seed: UInt64 = 2) -> [InputEvent] {
        var session = SessionSynthesizer(device: device, rate: 120, noise: 0.8, seed: seed)
        for (peak, isTap) in [(light, true), (ordinary, false), (firm, false)] {
            pressFive(&session, peak: peak, isTap: isTap, spread: spread)
            session.pause(1.0)
        }
        return session.events
    }

    /// Five presses (or taps) at `peak`, varied by ±`spread`, 0.3 s apart.
    static func pressFive(_ session: inout SessionSynthesizer, peak: Double, isTap: Bool, spread: Double = 0.05) {
        for _ in 0..<5 {
            let value = peak * session.vary(spread)
            if isTap {
                session.press(peak: value, rise: 0.03, hold: 0.02, fall: 0.03)
            } else {
                session.press(peak: value)
            }
            session.pause(0.3)
        }
    }

    /// Runs `events` of `device` to their end through a calibration, as `calibrate --replay`
    /// does: the session runtime over a recording source at maximum speed, the calibration
    /// attached to the session (its sink, on its clock, keeping its input).
    static func replay(_ events: [InputEvent], on device: DeviceDescription,
                       requirements: CalibrationRequirements = .standard) throws -> CalibrationSession {
        let calibration = CalibrationSession(device: device, requirements: requirements)
        try replay(events, into: calibration)
        return calibration
    }

    /// Runs `events` of the calibrated device through `calibration` as `replay(_:on:)` does, at
    /// `speed`; `configure` may attach more to the session before it starts. Returns the session,
    /// ended.
    @discardableResult
    static func replay(_ events: [InputEvent], into calibration: CalibrationSession, speed: ReplaySpeed = .maximum,
                       configure: (Session) -> Void = { _ in }) throws -> Session {
        let recording = Recording(description: calibration.device, events: events)
        let session = Session(source: try RecordingSource(reader: InMemoryRecordingReader(recording), speed: speed), pipeline: calibration.makePipeline())
        session.attach(calibration)
        configure(session)
        try session.run()
        return session
    }

    /// The problems of the steps rejected in `session`, in order.
    static func rejections(_ session: CalibrationSession) -> [CalibrationProblem] {
        session.notices.compactMap {
            if case .stepRejected(_, let problem) = $0 { return problem }
            return nil
        }
    }
}
