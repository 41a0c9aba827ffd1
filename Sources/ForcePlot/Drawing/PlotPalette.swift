/// The colours of a force plot: one per touch (a colour-blind-safe set, in order), one per
/// interaction phase (pale, so force lines stay in front), and the ink of axes and markers.
public enum PlotPalette {
    /// Touch colours, reused in order when a session has more touches.
    public static let touches = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#56B4E9", "#E69F00", "#000000"]

    /// The colour of the touch at `index` in the session.
    public static func touch(at index: Int) -> String {
        touches[index % touches.count]
    }

    /// The fill of an interaction phase band.
    public static func fill(for phase: InteractionPhase) -> String {
        switch phase {
        case .preview: return "#FFE8A3"
        case .commit: return "#FFC58F"
        case .completed: return "#BFE6C4"
        case .cancelled: return "#E0453A"
        case .actions: return "#A9D6F5"
        case .actionsHidden: return "#DCE6EE"
        case .performed: return "#1F6FB2"
        }
    }

    /// The opacity of a phase band (a cancel or a performed action is a thin stripe, so it is
    /// stronger).
    public static func opacity(for phase: InteractionPhase) -> String {
        phase == .cancelled || phase == .performed ? "0.55" : "0.6"
    }

    /// Text and axes.
    public static let ink = "#222222"
    /// Secondary text.
    public static let mutedInk = "#666666"
    /// Grid lines.
    public static let grid = "#E6E6E6"
    /// Threshold lines.
    public static let threshold = "#7A7A7A"
    /// The `maximumPossibleForce` line.
    public static let maximumForce = "#B00020"
    /// Text about cancels.
    public static let cancelledInk = "#B3261E"
    /// Haptic firings.
    public static let haptic = "#6A3D9A"
}
