extension DeviceClassification {
    /// The classification udev already made, from a device's `ID_INPUT_*` properties.
    /// Returns nil when the properties hold no classification (no udev database for the device).
    public init?(udevProperties properties: [String: String]) {
        guard properties["ID_INPUT"] == "1" else { return nil }
        func flag(_ key: String) -> Bool { properties[key] == "1" }
        self.init(DeviceDescription(name: ""))
        isTouchscreen = flag("ID_INPUT_TOUCHSCREEN")
        isTablet = flag("ID_INPUT_TABLET")
        isTabletPad = flag("ID_INPUT_TABLET_PAD")
        isTouchpad = flag("ID_INPUT_TOUCHPAD")
        isMouse = flag("ID_INPUT_MOUSE")
        isJoystick = flag("ID_INPUT_JOYSTICK")
        isAccelerometer = flag("ID_INPUT_ACCELEROMETER")
        isPointingStick = flag("ID_INPUT_POINTINGSTICK")
        hasKeys = flag("ID_INPUT_KEY")
        isKeyboard = flag("ID_INPUT_KEYBOARD")
    }
}
