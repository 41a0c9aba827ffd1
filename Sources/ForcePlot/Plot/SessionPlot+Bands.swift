/// Interaction phases, shaded as bands behind the force lines, and the threshold lines.
extension SessionPlot {
    /// The narrowest a band is drawn, in pixels (a cancel at lift lasts no time at all), unless
    /// the plot is crowded with interactions.
    public static let minimumBandWidth = 3.0

    /// Whether there are too many interactions to show each band at a readable width.
    var isCrowded: Bool {
        Double(visiblePhases.count) * Self.minimumBandWidth * 2 > layout.plotWidth
    }

    func drawBands(into writer: inout SVGWriter) {
        guard !visiblePhases.isEmpty else { return }
        // When widened bands would cover much of the plot (many interactions over a long time),
        // bands keep their true width, only made visible.
        let crowded = isCrowded
        let narrowest = crowded ? 0.5 : Self.minimumBandWidth
        var labelEnd = -Double.infinity
        writer.open("g", [("class", "bands")])
        for interval in visiblePhases {
            let start = x.clamped(interval.start)
            let end = x.clamped(interval.end)
            var left = start
            var width = end - start
            if width < narrowest {
                left = min(max(layout.left, (start + end) / 2 - narrowest / 2), layout.right - narrowest)
                width = narrowest
            }
            writer.element("rect", [
                ("class", "band band-\(interval.phase.rawValue)"),
                ("data-phase", interval.phase.rawValue), ("data-touch", String(interval.touchIdentifier)),
                ("data-start", SVGWriter.fixed(interval.start, decimals: 4)), ("data-end", SVGWriter.fixed(interval.end, decimals: 4)),
                ("x", SVGWriter.number(left)), ("y", SVGWriter.number(layout.top)),
                ("width", SVGWriter.number(width)), ("height", SVGWriter.number(layout.plotHeight)),
                ("fill", PlotPalette.fill(for: interval.phase)), ("fill-opacity", PlotPalette.opacity(for: interval.phase)),
            ])
            if !crowded { drawLabel(of: interval, left: left, width: width, after: &labelEnd, into: &writer) }
        }
        writer.close("g")
    }

    /// Names a band inside its top edge, in smaller type when it is narrow; a thin cancel stripe
    /// is named beside it. Labels that do not fit, or would overlap the one before (which ends at
    /// `labelEnd`), are left out: the legend still names the colour.
    private func drawLabel(of interval: PhaseInterval, left: Double, width: Double, after labelEnd: inout Double, into writer: inout SVGWriter) {
        // With several touches on show, the band that opens an interaction names its driver.
        var label = interval.phase.label
        if visibleTouches.count > 1, interval.phase == .preview { label += " (touch \(interval.touchIdentifier))" }
        let start: Double
        let fontSize: Double
        if let size = [11.0, 9.5].first(where: { width >= TextMetrics.width(of: label, fontSize: $0) + 6 }) {
            (start, fontSize) = (left + 3, size)
        } else if interval.phase == .cancelled || interval.phase == .performed {
            fontSize = 11
            let labelWidth = TextMetrics.width(of: label, fontSize: fontSize)
            start = left + width + 4 + labelWidth <= layout.right ? left + width + 4 : left - 4 - labelWidth
        } else {
            return
        }
        let labelWidth = TextMetrics.width(of: label, fontSize: fontSize)
        guard start > labelEnd + 4, start >= layout.left, start + labelWidth <= layout.right else { return }
        labelEnd = start + labelWidth
        writer.element("text", [
            ("class", "band-label"), ("x", SVGWriter.number(start)), ("y", SVGWriter.number(layout.top + 14)),
            ("font-size", SVGWriter.number(fontSize)),
            ("fill", interval.phase == .cancelled ? PlotPalette.cancelledInk : PlotPalette.mutedInk),
        ] + SVGWriter.halo, text: label)
    }

    /// Dashed lines at the thresholds and a solid one at `maximumPossibleForce`, labelled to the
    /// right of the plotting area (nudged apart where they would overlap).
    func drawThresholds(into writer: inout SVGWriter) {
        let device = session.device
        guard device.isForceAvailable else { return }
        var lines: [(kind: String, value: Double, label: String, color: String, dashed: Bool)] = []
        if let thresholds = session.thresholds {
            lines.append(("begin", thresholds.begin, "begin \(SVGWriter.fixed(thresholds.begin, decimals: 2))", PlotPalette.threshold, true))
            lines.append(("preview-end", thresholds.previewEnd, "preview end \(SVGWriter.fixed(thresholds.previewEnd, decimals: 2))", PlotPalette.threshold, true))
            lines.append(("commit-end", thresholds.commitEnd, "commit end \(SVGWriter.fixed(thresholds.commitEnd, decimals: 2))", PlotPalette.threshold, true))
        }
        lines.append(("maximum-force", device.maximumPossibleForce,
                      "maximumPossibleForce \(SVGWriter.fixed(device.maximumPossibleForce, decimals: 2))", PlotPalette.maximumForce, false))

        writer.open("g", [("class", "thresholds"), ("font-size", "11")])
        let labelPositions = Self.spreadApart(lines.map { y($0.value) + 4 }, spacing: 13, within: layout.top + 4...layout.bottom + 4)
        for (line, labelY) in zip(lines, labelPositions) {
            let position = SVGWriter.number(y(line.value))
            var attributes = [
                ("class", "threshold threshold-\(line.kind)"), ("data-force", SVGWriter.fixed(line.value, decimals: 4)),
                ("x1", SVGWriter.number(layout.left)), ("x2", SVGWriter.number(layout.right)),
                ("y1", position), ("y2", position), ("stroke", line.color), ("stroke-width", line.dashed ? "1" : "1.5"),
            ]
            if line.dashed { attributes.append(("stroke-dasharray", "6 4")) }
            writer.element("line", attributes)
            writer.element("text", [
                ("class", "threshold-label"), ("x", SVGWriter.number(layout.right + 6)), ("y", SVGWriter.number(labelY)),
                ("fill", line.color),
            ], text: line.label)
        }
        writer.close("g")
    }

    /// `positions` moved the least needed so that neighbours are at least `spacing` apart and all
    /// stay within `bounds` (when they fit); the order of the input is kept.
    static func spreadApart(_ positions: [Double], spacing: Double, within bounds: ClosedRange<Double>) -> [Double] {
        let order = positions.indices.sorted { positions[$0] < positions[$1] }
        guard bounds.upperBound - bounds.lowerBound >= spacing * Double(max(0, positions.count - 1)) else { return positions }
        var placed = order.map { positions[$0] }
        for index in placed.indices {
            placed[index] = max(placed[index], bounds.lowerBound)
            if index > 0 { placed[index] = max(placed[index], placed[index - 1] + spacing) }
        }
        if let last = placed.indices.last, placed[last] > bounds.upperBound {
            placed[last] = bounds.upperBound
            for index in placed.indices.reversed().dropFirst() {
                placed[index] = min(placed[index], placed[index + 1] - spacing)
            }
        }
        var result = positions
        for (rank, original) in order.enumerated() { result[original] = placed[rank] }
        return result
    }
}
