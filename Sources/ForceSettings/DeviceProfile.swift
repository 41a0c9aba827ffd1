import ForceCore

/// Calibration and interaction settings for the devices a profile matches.
public struct DeviceProfile: Hashable, Sendable {
    /// Which devices the profile applies to; every given field must match.
    public struct Match: Hashable, Sendable {
        /// The device name, with `*` and `?` wildcards.
        public var name: String?
        /// Bus type.
        public var bus: UInt16?
        /// Vendor id.
        public var vendor: UInt16?
        /// Product id.
        public var product: UInt16?

        /// Creates a match.
        public init(name: String? = nil, bus: UInt16? = nil, vendor: UInt16? = nil, product: UInt16? = nil) {
            self.name = name
            self.bus = bus
            self.vendor = vendor
            self.product = product
        }

        /// Whether `device` matches.
        public func matches(_ device: DeviceDescription) -> Bool {
            if let bus, bus != device.id.bustype { return false }
            if let vendor, vendor != device.id.vendor { return false }
            if let product, product != device.id.product { return false }
            if let name, !Self.glob(name, matches: device.name) { return false }
            return true
        }

        /// How specific the match is: more given fields win over fewer.
        public var specificity: Int {
            [name != nil, bus != nil, vendor != nil, product != nil].filter { $0 }.count
        }

        /// Shell-style matching with `*` (any run) and `?` (any one character).
        static func glob(_ pattern: String, matches text: String) -> Bool {
            let pattern = Array(pattern)
            let text = Array(text)
            var p = 0
            var t = 0
            var star = -1
            var mark = 0
            while t < text.count {
                if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                    p += 1
                    t += 1
                } else if p < pattern.count && pattern[p] == "*" {
                    star = p
                    mark = t
                    p += 1
                } else if star >= 0 {
                    p = star + 1
                    mark += 1
                    t = mark
                } else {
                    return false
                }
            }
            while p < pattern.count && pattern[p] == "*" { p += 1 }
            return p == pattern.count
        }
    }

    /// Which devices the profile applies to.
    public var match: Match
    /// Force calibration (nil fields leave lower layers in place).
    public var calibration: ForceCalibration
    /// Interaction thresholds, if the profile sets them.
    public var thresholds: PreviewThresholds?
    /// The force sensitivity (scales the thresholds), if the profile sets it.
    public var sensitivity: ForceSensitivity?
    /// The Haptic Touch duration, if the profile sets it.
    public var touchDuration: TouchDuration?
    /// The twin's settings, if the profile sets any.
    public var twin: TwinSettings?

    /// Creates a profile.
    public init(
        match: Match, calibration: ForceCalibration = ForceCalibration(), thresholds: PreviewThresholds? = nil,
        sensitivity: ForceSensitivity? = nil, touchDuration: TouchDuration? = nil, twin: TwinSettings? = nil
    ) {
        self.match = match
        self.calibration = calibration
        self.thresholds = thresholds
        self.sensitivity = sensitivity
        self.touchDuration = touchDuration
        self.twin = twin
    }
}
