extension PressureCurve {
    /// The curve `text` names: `linear`, `gamma:G`, `bezier:X1,Y1,X2,Y2`, or the Bézier's four
    /// control values alone, `X1,Y1,X2,Y2` (as GNOME and `xsetwacom` give them, here within 0...1);
    /// nil when the text is none of these or the curve is not valid (`isValid`).
    public init?(text: String) {
        let trimmed = text.trimmingPrefix(while: { $0 == " " })
        let spelled = trimmed.first?.isNumber == true || trimmed.first == "." ? "bezier:" + trimmed : String(trimmed)
        guard let curve = UdevDeviceSettings.curve(spelled) else { return nil }
        self = curve
    }

    /// The curve as `init(text:)` reads it: `linear`, `gamma:1.4`, `bezier:0.2,0.1,0.8,0.9`.
    public var text: String {
        switch self {
        case .linear: "linear"
        case .gamma(let exponent): "gamma:\(UdevDeviceSettings.format(exponent))"
        case .bezier(let x1, let y1, let x2, let y2): "bezier:" + [x1, y1, x2, y2].map(UdevDeviceSettings.format).joined(separator: ",")
        }
    }
}
