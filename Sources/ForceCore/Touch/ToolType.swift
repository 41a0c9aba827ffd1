/// What touches the surface.
public enum ToolType: String, Hashable, Sendable, CaseIterable {
    /// A finger (`MT_TOOL_FINGER`, `BTN_TOOL_FINGER`, or a touchscreen contact).
    case finger
    /// A pen tip (`MT_TOOL_PEN`, `BTN_TOOL_PEN` and its pencil/brush/airbrush variants).
    case pen
    /// A pen's eraser end (`BTN_TOOL_RUBBER`).
    case eraser
    /// A palm (`MT_TOOL_PALM`): such contacts are cancelled, never interact.
    case palm
}

extension ToolType {
    /// The tool of an MT contact of type `mtToolType` (`ABS_MT_TOOL_TYPE`): pens and palms by
    /// name, anything else a finger.
    init(mtToolType: Int32) {
        switch mtToolType {
        case MTToolType.pen: self = .pen
        case MTToolType.palm: self = .palm
        default: self = .finger
        }
    }
}
