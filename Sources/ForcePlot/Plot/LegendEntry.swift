/// One item of a force plot's legend: a small swatch and what it stands for.
struct LegendEntry: Hashable, Sendable {
    /// What the swatch looks like.
    enum Swatch: Hashable, Sendable {
        /// A touch's force line, in its colour.
        case line(color: String)
        /// A shaded interaction phase.
        case band(InteractionPhase)
        /// The touch-down marker.
        case down
        /// The lift marker.
        case lift
        /// The cancelled-touch marker.
        case cancel
        /// A haptic firing.
        case haptic
        /// Nothing: the entry is text only.
        case none
    }

    /// The swatch.
    var swatch: Swatch
    /// The text after it.
    var label: String

    /// The horizontal room the entry takes, with the gap after it, in pixels at 12 px text.
    var width: Double {
        (swatch == .none ? 0 : Self.swatchWidth + 6) + TextMetrics.width(of: label, fontSize: 12) + 18
    }

    /// The width of the swatch.
    static let swatchWidth = 18.0
}
