/// What `udev-rules/70-forcebridge.rules` decides for an event node, restated in Swift so that
/// `forcebridge doctor` can say what the rules should have done and why. The guest tests check
/// that udev and this agree on every test device.
///
/// The order is the rules' order: keyboards, nodes with keys, mice, touchpads and pointing sticks
/// are excluded whatever else they are; then touchscreens, tablet pads, pens and force-feedback
/// devices are granted, in that order of precedence.
public enum UdevAccessPolicy {
    /// The rules' decision for one node.
    public enum Decision: Hashable, Sendable {
        /// Tagged `uaccess`, with `FORCEBRIDGE_ACCESS` set to `kind`.
        case granted(kind: String)
        /// Left out on purpose, whatever else the node is.
        case excluded(reason: String)
        /// Not a touchscreen, tablet or haptic device: the rules do not concern it.
        case notCovered

        /// Whether the node gets access.
        public var isGranted: Bool {
            if case .granted = self { return true }
            return false
        }
    }

    /// The decision for a node classified as `classification` (`isHaptic` from its FF bitmask).
    public static func decision(for classification: DeviceClassification) -> Decision {
        if classification.isKeyboard { return .excluded(reason: "it is a keyboard (ID_INPUT_KEYBOARD)") }
        if classification.hasKeys {
            return .excluded(reason: "it has keys (ID_INPUT_KEY), which could carry typed text")
        }
        if classification.isMouse { return .excluded(reason: "it is a mouse (ID_INPUT_MOUSE)") }
        if classification.isTouchpad {
            return .excluded(reason: "it is a touchpad (ID_INPUT_TOUCHPAD), the pointer of a laptop, like a mouse")
        }
        if classification.isPointingStick { return .excluded(reason: "it is a pointing stick (ID_INPUT_POINTINGSTICK)") }
        if classification.isTouchscreen { return .granted(kind: "touchscreen") }
        if classification.isTabletPad { return .granted(kind: "pad") }
        if classification.isTablet { return .granted(kind: "pen") }
        if classification.isHaptic { return .granted(kind: "haptic") }
        return .notCovered
    }
}
