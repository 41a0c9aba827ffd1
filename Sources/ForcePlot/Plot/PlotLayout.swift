/// Where the parts of a force plot go: the title on top, the plotting area with the force axis on
/// its left and threshold labels on its right, the time axis below it and the legend at the bottom
/// (wrapped onto up to `maximumLegendRows` rows).
struct PlotLayout: Hashable, Sendable {
    /// The image size.
    let width: Double
    let height: Double
    /// The plotting area's edges.
    let left: Double
    let top: Double
    let right: Double
    let bottom: Double
    /// The legend's rows, each a list of entries with their x positions.
    let legendRows: [[PlacedEntry]]
    /// The baseline of the first legend row.
    let legendTop: Double

    /// The room between the force axis (and the right edge) and the ends of the time range, so that
    /// markers at the session's first and last moments stay clear of the axis.
    static let innerPadding = 10.0

    /// The most legend rows drawn (the legend never squeezes the plot away).
    static let maximumLegendRows = 3

    /// The height of a legend row.
    static let legendRowHeight = 20.0

    init(width: Double, height: Double, legend: [LegendEntry]) {
        self.width = width
        self.height = height
        left = 72
        top = 84
        right = width - 176
        var rows: [[PlacedEntry]] = [[]]
        var cursor = left
        for entry in legend {
            if cursor + entry.width > width - 12, !(rows.last?.isEmpty ?? true) {
                rows.append([])
                cursor = left
            }
            rows[rows.count - 1].append(PlacedEntry(entry: entry, x: cursor))
            cursor += entry.width
        }
        legendRows = Array(rows.filter { !$0.isEmpty }.prefix(Self.maximumLegendRows))
        let legendHeight = Double(legendRows.count) * Self.legendRowHeight
        bottom = height - 58 - legendHeight
        legendTop = bottom + 58
    }

    /// A legend entry and where its row places it.
    struct PlacedEntry: Hashable, Sendable {
        let entry: LegendEntry
        let x: Double
    }

    /// The plotting area's width.
    var plotWidth: Double { right - left }
    /// The plotting area's height.
    var plotHeight: Double { bottom - top }
}
