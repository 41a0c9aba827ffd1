import ForceCore

/// Frames of one contact in slot 0 of an MT protocol B screen.
enum SlotFrames {
    /// The contact lifts at `time`: tracking id -1 and `BTN_TOUCH` 0.
    static func lift(at time: Int64) -> [InputEvent] {
        [
            InputEvent(time: time, type: .abs, code: AbsCode.mtTrackingID, value: -1),
            InputEvent(time: time, type: .key, code: KeyCode.touch, value: 0),
            .report(at: time),
        ]
    }
}
