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
