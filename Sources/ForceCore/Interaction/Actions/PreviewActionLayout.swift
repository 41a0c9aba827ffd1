/// How a preview interaction shows its actions and how the driving touch chooses one, measured
/// on the touch surface so that it means the same on every device.
///
/// After the peek (the preview transition ended), the actions are revealed either once the touch
/// has slid `reveal`'s distance in `direction` (peek actions), or at once (quick actions). They
/// form a list of rows stacked from the touch in `direction`: the first row starts half a row
/// beyond the reveal point (so that revealing selects nothing), each row is `rowHeight` long, and
/// the touch highlights the row it is in (only its vertical position counts). Leaving a row needs
/// an eighth of a row beyond its edge, so that a touch resting on a boundary does not flicker.
/// Actions revealed by sliding hide again when the touch slides back to less than half the
/// reveal distance from where the peek happened.
///
/// Distances are `SurfaceDistance`s: millimetres where the position axes give their resolution,
/// else a fraction of the shorter side (a phone's 320-point short side is about 50 mm).
///
/// | layout | reveal | rows | at most |
/// |---|---|---|---|
/// | `peekActions` | sliding up 6 mm (1/8 of the shorter side; about 40 points) | up, 5 mm (1/10) | no limit |
/// | `quickActions` | at the peek | down, 5 mm (1/10) | 4 |
public struct PreviewActionLayout: Hashable, Sendable {
    /// When the actions appear.
    public enum Reveal: Hashable, Sendable {
        /// Once the touch has slid this far in the layout's direction after the peek; sliding
        /// back to less than half of it hides them.
        case sliding(SurfaceDistance)
        /// At the peek; they stay until the touch lifts.
        case atPeek
    }

    /// Which way the touch moves to reveal and to reach later rows.
    public enum Direction: String, Hashable, Sendable {
        /// Toward the top of the surface (decreasing Y).
        case up
        /// Toward the bottom of the surface (increasing Y).
        case down
    }

    /// When the actions appear.
    public var reveal: Reveal
    /// Which way the rows stack.
    public var direction: Direction
    /// Each row's length along the direction.
    public var rowHeight: SurfaceDistance
    /// The most actions shown; later ones supplied are left out (`Int.max`: no limit).
    public var maximumCount: Int

    /// A peek's actions (UIKit's preview actions): revealed by sliding up 6 mm (1/8 of the
    /// shorter side), rows of 5 mm (1/10) stacked upward, any number.
    public static let peekActions = PreviewActionLayout(
        reveal: .sliding(SurfaceDistance(millimetres: 6, fractionOfShorterSide: 1.0 / 8)),
        direction: .up, rowHeight: standardRowHeight, maximumCount: .max)

    /// Quick actions (UIKit's home screen shortcuts): shown at the peek, rows of 5 mm (1/10)
    /// stacked downward from the press, at most four.
    public static let quickActions = PreviewActionLayout(
        reveal: .atPeek, direction: .down, rowHeight: standardRowHeight, maximumCount: 4)

    /// 5 mm, or 1/10 of the shorter side (about 32 points on a phone).
    public static let standardRowHeight = SurfaceDistance(millimetres: 5, fractionOfShorterSide: 1.0 / 10)

    /// Creates a layout.
    public init(reveal: Reveal, direction: Direction, rowHeight: SurfaceDistance, maximumCount: Int) {
        self.reveal = reveal
        self.direction = direction
        self.rowHeight = rowHeight
        self.maximumCount = maximumCount
    }
}
