/// A `PreviewActionLayout` on one device, for one peek: its distances in device units along Y,
/// measured from where the driving touch was at the peek.
///
/// "Travel" is how far the touch has moved from there in the layout's direction (negative when
/// it moved the other way).
struct PreviewActionGeometry: Hashable, Sendable {
    /// The touch's Y at the peek.
    let anchor: Double
    /// +1 when the rows stack down the surface (Y grows), -1 when up.
    let sign: Double
    /// The travel that reveals the actions (0: they appear at the peek).
    let revealTravel: Double
    /// Whether the actions hide again when the touch slides back.
    let hides: Bool
    /// Each row's length.
    let rowLength: Double

    /// The geometry of `layout` on `area` for a peek at `anchor`; nil when the area cannot
    /// measure the layout's distances (no position axes, no extent), so no action can be chosen.
    init?(_ layout: PreviewActionLayout, area: DeviceArea?, anchor: Double) {
        guard let row = layout.rowHeight.verticalLength(on: area), row > 0, row.isFinite, anchor.isFinite else { return nil }
        switch layout.reveal {
        case .atPeek:
            revealTravel = 0
            hides = false
        case .sliding(let distance):
            guard let reveal = distance.verticalLength(on: area), reveal >= 0, reveal.isFinite else { return nil }
            revealTravel = reveal
            hides = true
        }
        self.anchor = anchor
        sign = layout.direction == .down ? 1 : -1
        rowLength = row
    }

    /// How far a touch at `y` has moved from the anchor in the layout's direction.
    func travel(toY y: Double) -> Double {
        (y - anchor) * sign
    }

    /// Whether a touch `travel` away reveals the actions.
    func reveals(atTravel travel: Double) -> Bool {
        travel >= revealTravel
    }

    /// Whether revealed actions hide with the touch `travel` away.
    func hides(atTravel travel: Double) -> Bool {
        hides && travel < revealTravel / 2
    }

    /// The row of `count` a touch `travel` away highlights, keeping `current` within an eighth
    /// of a row beyond its edges; nil before the first row and past the last.
    func row(atTravel travel: Double, count: Int, current: Int?) -> Int? {
        let firstRow = revealTravel + rowLength / 2
        if let current, current < count {
            let margin = rowLength / 8
            let start = firstRow + Double(current) * rowLength
            if travel >= start - margin, travel < start + rowLength + margin { return current }
        }
        let position = (travel - firstRow) / rowLength
        guard position >= 0, position < Double(count) else { return nil }
        return Int(position)
    }
}
