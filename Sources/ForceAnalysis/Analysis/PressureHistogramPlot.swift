import ForcePlot

/// The contacts' raw pressure histograms as one SVG chart: the axis range across, reports up,
/// each contact's bars in its own colour side by side within a bin.
public struct PressureHistogramPlot: Sendable {
    /// The analysis drawn.
    public var analysis: RecordingAnalysis
    /// The image size in pixels.
    public var width: Int
    public var height: Int

    /// The most contacts drawn (the first ones); a note says how many more there were.
    public static let maximumContacts = 8

    /// Prepares a chart of `analysis`'s histograms, `width` × `height` pixels (at least 320 × 240).
    public init(analysis: RecordingAnalysis, width: Int = 960, height: Int = 540) {
        self.analysis = analysis
        self.width = max(320, width)
        self.height = max(240, height)
    }

    /// The chart as a standalone SVG document.
    public func svg() -> String {
        let drawn = Array(analysis.contacts.filter { $0.histogram != nil }.prefix(Self.maximumContacts))
        let title = "\(analysis.device.name): raw pressure per contact"
        var writer = SVGWriter(width: width, height: height, title: title)
        writer.element("rect", [("class", "background"), ("width", "100%"), ("height", "100%"), ("fill", "#FFFFFF")])
        writer.element("text", [("class", "title"), ("x", "16"), ("y", "26"), ("font-size", "16"), ("font-weight", "bold"), ("fill", PlotPalette.ink)], text: title)
        writer.element("text", [("class", "subtitle"), ("x", "16"), ("y", "46"), ("fill", PlotPalette.mutedInk)], text: subtitle(drawn: drawn.count))

        let (left, top, right, bottom) = (72.0, 84.0, Double(width) - 24, Double(height) - 82)
        let range = drawn.first?.histogram?.range ?? analysis.device.pressureRange ?? 0...1
        let peak = drawn.compactMap { $0.histogram?.counts.max() }.max() ?? 0
        let xDomain = Double(range.lowerBound)...(Double(range.upperBound) + 1)
        let yDomain = 0...max(5, Double(peak) * 1.1)
        let axes = ChartAxes(
            left: left, top: top, right: right, bottom: bottom,
            x: LinearScale(domain: xDomain, range: (left, right)), y: LinearScale(domain: yDomain, range: (bottom, top)),
            xTicks: AxisTicks(domain: xDomain, targetCount: max(2, Int((right - left) / 80))),
            yTicks: AxisTicks(domain: yDomain, targetCount: max(2, Int((bottom - top) / 45))),
            xTitle: "raw pressure (\(analysis.device.pressureAxisName ?? "none"))", yTitle: "reports")
        axes.drawGrid(into: &writer)
        drawBars(of: drawn, axes: axes, into: &writer)
        axes.drawAxes(into: &writer)
        drawLegend(of: drawn, left: left, baseline: Double(height) - 16, into: &writer)
        if drawn.isEmpty {
            let note = analysis.device.isForceAvailable ? "No contact reported pressure." : "No pressure axis: there is no pressure to count."
            writer.element("text", [("class", "note"), ("x", SVGWriter.number(left + 10)), ("y", SVGWriter.number(top + 24)), ("fill", PlotPalette.ink)], text: note)
        }
        return writer.finish()
    }

    private func subtitle(drawn: Int) -> String {
        let device = analysis.device
        var parts = [device.kind.rawValue]
        if let axis = device.pressureAxisName, let range = device.pressureRange {
            parts.append("\(axis) \(range.lowerBound)–\(range.upperBound)")
        } else {
            parts.append("no pressure axis")
        }
        if let histogram = analysis.contacts.first?.histogram {
            parts.append("\(histogram.counts.count) bins of \(DecimalText.trimmed(histogram.binWidth, 1))")
        }
        let total = analysis.contacts.count
        parts.append(drawn < total && drawn > 0 ? "first \(drawn) of \(total) contacts" : DecimalText.counted(total, "contact", "contacts"))
        return parts.joined(separator: " · ")
    }

    private func drawBars(of contacts: [ContactAnalysis], axes: ChartAxes, into writer: inout SVGWriter) {
        writer.open("g", [("class", "bars")])
        for (index, contact) in contacts.enumerated() {
            guard let histogram = contact.histogram else { continue }
            writer.open("g", [("class", "contact"), ("data-touch", String(contact.identifier)), ("fill", PlotPalette.touch(at: index))])
            for (bin, count) in histogram.counts.enumerated() where count > 0 {
                let bounds = histogram.bounds(ofBin: bin)
                let binLeft = axes.x(bounds.lower)
                let slice = (axes.x(bounds.upper) - binLeft) / Double(contacts.count)
                let barTop = axes.y(Double(count))
                writer.element("rect", [
                    ("class", "bar"), ("data-bin", String(bin)), ("data-count", String(count)),
                    ("x", SVGWriter.number(binLeft + slice * Double(index))), ("y", SVGWriter.number(barTop)),
                    ("width", SVGWriter.number(max(0.5, slice - 1))), ("height", SVGWriter.number(max(0, axes.bottom - barTop))),
                ])
            }
            writer.close("g")
        }
        writer.close("g")
    }

    private func drawLegend(of contacts: [ContactAnalysis], left: Double, baseline: Double, into writer: inout SVGWriter) {
        guard !contacts.isEmpty else { return }
        writer.open("g", [("class", "legend"), ("fill", PlotPalette.ink)])
        var cursor = left
        for (index, contact) in contacts.enumerated() {
            let label = "touch \(contact.identifier) (\(contact.tool.rawValue))"
            writer.element("rect", [
                ("class", "legend-swatch"), ("x", SVGWriter.number(cursor)), ("y", SVGWriter.number(baseline - 10)),
                ("width", "12"), ("height", "12"), ("fill", PlotPalette.touch(at: index)),
            ])
            writer.element("text", [("x", SVGWriter.number(cursor + 18)), ("y", SVGWriter.number(baseline))], text: label)
            cursor += 18 + TextMetrics.width(of: label, fontSize: 12) + 18
        }
        writer.close("g")
    }
}
