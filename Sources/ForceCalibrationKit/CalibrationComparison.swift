import ForceCore

/// The proposed calibration next to the built-in defaults for the device's kind, setting by
/// setting, and what each gives the measured presses: what the wizard shows before writing.
public struct CalibrationComparison: Hashable, Sendable {
    /// One setting or outcome.
    public struct Row: Hashable, Sendable {
        /// What is compared (`resting offset`, `ordinary press force`).
        public var setting: String
        /// Its value with the built-in defaults.
        public var standard: String
        /// Its value with the proposal.
        public var proposed: String

        /// Whether the proposal changes it.
        public var isChanged: Bool { standard != proposed }
    }

    /// The rows, settings first, then the forces of the measured presses.
    public var rows: [Row]

    /// The comparison for `result`.
    public init(result: CalibrationResult) {
        let device = result.device
        let proposal = result.proposal
        let standard = ForceModel(device: device, calibration: Self.measuringSource(result.method))
        let proposed = ForceModel(device: device, calibration: proposal.calibration)
        func raw(_ value: Double) -> String { DecimalText.fixed(value, decimals: 0) }
        func force(_ value: Double) -> String { DecimalText.fixed(value, decimals: 2) }
        func curve(_ curve: PressureCurve) -> String {
            switch curve {
            case .linear: return "linear"
            case .gamma(let exponent): return "gamma \(DecimalText.short(exponent, decimals: 2))"
            case .bezier(let x1, let y1, let x2, let y2): return "bezier \([x1, y1, x2, y2].map { DecimalText.short($0) }.joined(separator: ","))"
            }
        }
        func thresholds(_ value: PreviewThresholds) -> String {
            [value.begin, value.previewEnd, value.commitEnd].map(force).joined(separator: " / ")
        }
        let learns = standard.learnsRestingOffset ? " (learned from there)" : ""
        rows = [
            Row(setting: "resting offset", standard: raw(standard.offset) + learns, proposed: raw(proposed.offset) + learns),
            Row(setting: "average touch (force 1.0)", standard: raw(standard.averagePressure), proposed: raw(proposed.averagePressure)),
            Row(setting: "curve", standard: curve(standard.curve), proposed: curve(proposed.curve)),
            Row(setting: "maximumPossibleForce", standard: force(standard.maximumPossibleForce), proposed: force(proposed.maximumPossibleForce)),
        ]
        if result.measurement(of: .rest) != nil {
            rows.append(Row(
                setting: "tip down / up (above offset)",
                standard: raw(standard.tipThresholds.down - standard.offset) + " / " + raw(standard.tipThresholds.up - standard.offset),
                proposed: raw(proposed.tipThresholds.down - proposed.offset) + " / " + raw(proposed.tipThresholds.up - proposed.offset)))
        }
        rows.append(Row(setting: "thresholds begin / preview / commit", standard: thresholds(.standard), proposed: thresholds(proposal.thresholds)))
        for step in [CalibrationStep.lightTaps, .ordinaryPresses, .firmPresses] {
            guard let level = result.measurement(of: step)?.level else { continue }
            let value = Int32(level.rounded())
            rows.append(Row(setting: "\(step.title.lowercased()) (raw \(raw(level))) force",
                            standard: force(standard.force(raw: value)), proposed: force(proposed.force(raw: value))))
        }
    }

    /// The defaults, measuring what the calibration measured.
    static func measuringSource(_ method: CalibrationMethod) -> ForceCalibration {
        if case .contactSize = method { return ForceCalibration(forceSource: .contactSize) }
        return ForceCalibration()
    }

    /// The rows as an aligned table: setting, default, proposed, and `*` where they differ.
    public var table: String {
        let header = Row(setting: "", standard: "default", proposed: "proposed")
        let all = [header] + rows
        let settingWidth = all.map(\.setting.count).max() ?? 0
        let standardWidth = all.map(\.standard.count).max() ?? 0
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        return all.map { row in
            let mark = row.setting.isEmpty || !row.isChanged ? "" : "  *"
            return pad(row.setting, settingWidth) + "  " + pad(row.standard, standardWidth) + "  " + row.proposed + mark
        }.joined(separator: "\n")
    }
}
