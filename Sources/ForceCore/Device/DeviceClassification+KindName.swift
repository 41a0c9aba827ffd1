extension DeviceClassification {
    /// Words for what a device that ForceBridge does not serve is, for messages: `keyboard`,
    /// `mouse`, `joystick`, `device with keys`, or `device of unknown kind`.
    package var kindName: String {
        if isKeyboard { return "keyboard" }
        if isMouse { return "mouse" }
        if isJoystick { return "joystick" }
        if hasKeys { return "device with keys" }
        return "device of unknown kind"
    }
}
