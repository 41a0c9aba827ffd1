/// The legend under the time axis: touch colours, markers, phases and lines.
extension SessionPlot {
    func drawLegend(into writer: inout SVGWriter) {
        guard !layout.legendRows.isEmpty else { return }
        writer.open("g", [("class", "legend"), ("fill", PlotPalette.ink)])
        for (row, entries) in layout.legendRows.enumerated() {
            let baseline = layout.legendTop + Double(row) * PlotLayout.legendRowHeight
            for placed in entries {
                drawSwatch(placed.entry.swatch, x: placed.x, centerY: baseline - 4, into: &writer)
                let textX = placed.entry.swatch == .none ? placed.x : placed.x + LegendEntry.swatchWidth + 6
                writer.element("text", [("x", SVGWriter.number(textX)), ("y", SVGWriter.number(baseline))], text: placed.entry.label)
            }
        }
        writer.close("g")
    }

    private func drawSwatch(_ swatch: LegendEntry.Swatch, x left: Double, centerY: Double, into writer: inout SVGWriter) {
        let width = LegendEntry.swatchWidth
        let middle = left + width / 2
        switch swatch {
        case .line(let color):
            writer.element("line", [
                ("class", "legend-swatch"),
                ("x1", SVGWriter.number(left)), ("x2", SVGWriter.number(left + width)),
                ("y1", SVGWriter.number(centerY)), ("y2", SVGWriter.number(centerY)),
                ("stroke", color), ("stroke-width", "3"),
            ])
        case .band(let phase):
            writer.element("rect", [
                ("class", "legend-swatch"), ("x", SVGWriter.number(left)), ("y", SVGWriter.number(centerY - 6)),
                ("width", SVGWriter.number(width)), ("height", "12"),
                ("fill", PlotPalette.fill(for: phase)), ("fill-opacity", PlotPalette.opacity(for: phase)),
            ])
        case .down:
            writer.element("circle", [
                ("class", "legend-swatch"), ("cx", SVGWriter.number(middle)), ("cy", SVGWriter.number(centerY)),
                ("r", "4.5"), ("fill", PlotPalette.mutedInk),
            ])
        case .lift:
            writer.element("circle", [
                ("class", "legend-swatch"), ("cx", SVGWriter.number(middle)), ("cy", SVGWriter.number(centerY)),
                ("r", "4.5"), ("fill", "#FFFFFF"), ("stroke", PlotPalette.mutedInk), ("stroke-width", "2"),
            ])
        case .cancel:
            writer.element("path", [
                ("class", "legend-swatch"), ("d", Self.crossPath(x: middle, y: centerY, size: 5)),
                ("stroke", PlotPalette.mutedInk), ("stroke-width", "2.5"), ("fill", "none"),
            ])
        case .haptic:
            writer.element("path", [
                ("class", "legend-swatch"), ("d", Self.diamondPath(x: middle, y: centerY, size: 6)), ("fill", PlotPalette.haptic),
            ])
        case .none:
            break
        }
    }
}
