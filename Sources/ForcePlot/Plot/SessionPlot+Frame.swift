/// The frame of a force plot: title, grid, axes with units, and notes.
extension SessionPlot {
    func drawTitle(into writer: inout SVGWriter) {
        writer.element("text", [
            ("class", "title"), ("x", "16"), ("y", "26"), ("font-size", "16"), ("font-weight", "bold"),
            ("fill", PlotPalette.ink),
        ], text: accessibleTitle)
        writer.element("text", [
            ("class", "subtitle"), ("x", "16"), ("y", "46"), ("fill", PlotPalette.mutedInk),
        ], text: subtitle)
    }

    func drawGrid(into writer: inout SVGWriter) {
        axes.drawGrid(into: &writer)
    }

    func drawAxes(into writer: inout SVGWriter) {
        axes.drawAxes(into: &writer)
    }

    /// The grid and axes: time across, force up.
    var axes: ChartAxes {
        ChartAxes(
            left: layout.left, top: layout.top, right: layout.right, bottom: layout.bottom, x: x, y: y,
            xTicks: timeTicks, yTicks: forceTicks, xTitle: "time (s)", yTitle: "force (UIKit units, 1.0 = average touch)")
    }

    /// Notes for what the picture cannot show: force not measured (the force source), nothing in the range.
    func drawNotes(into writer: inout SVGWriter) {
        var notes: [String] = []
        switch session.device.forceSource {
        case .duration:
            notes.append("Force source duration: force is not measured and drawn at 1.0 while touching (maximumPossibleForce 0).")
            notes.append("Haptic Touch: the preview and commit follow how long a touch is held still, as the bands show over time.")
        case .contactSize:
            notes.append("Force source contactSize: force is estimated from contact size, not measured.")
        case .pressure:
            break
        }
        if visibleTouches.isEmpty {
            notes.append("No touches in this time range.")
        } else if session.device.isForceAvailable, let thresholds = session.thresholds, visiblePhases.isEmpty {
            notes.append(noInteractionNote(begin: thresholds.begin))
        }
        if isCrowded {
            let interactions = Set(visiblePhases.filter { $0.phase == .preview }.map(\.start)).count
            notes.append("\(interactions) interactions and \(visibleTouches.count) touches: plot a shorter time range to see each one.")
        }
        guard !notes.isEmpty else { return }

        let lineHeight = 16.0
        let boxWidth = (notes.map { TextMetrics.width(of: $0, fontSize: 12) }.max() ?? 0) + 20
        let boxX = layout.left + 10
        let boxY = layout.top + 10
        writer.open("g", [("class", "note")])
        writer.element("rect", [
            ("x", SVGWriter.number(boxX)), ("y", SVGWriter.number(boxY)),
            ("width", SVGWriter.number(min(boxWidth, layout.plotWidth - 20))),
            ("height", SVGWriter.number(Double(notes.count) * lineHeight + 10)),
            ("rx", "4"), ("fill", "#FFFFFF"), ("fill-opacity", "0.9"), ("stroke", "#BBBBBB"),
        ])
        for (line, note) in notes.enumerated() {
            writer.element("text", [
                ("x", SVGWriter.number(boxX + 10)), ("y", SVGWriter.number(boxY + 18 + Double(line) * lineHeight)),
                ("fill", PlotPalette.ink),
            ], text: note)
        }
        writer.close("g")
    }

    /// Why no band is drawn: another touch drove the interaction, nothing pressed hard enough, or
    /// the interaction lies outside the time range.
    private func noInteractionNote(begin: Double) -> String {
        if let identifier = options.touchIdentifier {
            let drivers = Set(session.phases.map(\.touchIdentifier)).subtracting([identifier]).sorted()
            if !drivers.isEmpty {
                let names = drivers.map { "touch \($0)" }.joined(separator: ", ")
                return "Touch \(identifier) drove no interaction (\(names) did; one touch at a time drives it)."
            }
        }
        let peak = visibleTouches.map { $0.trace.peakForce }.max() ?? 0
        if peak < begin {
            return "No interaction: no touch reached the begin threshold (\(SVGWriter.fixed(begin, decimals: 2)))."
        }
        return session.phases.isEmpty ? "No interaction began." : "No interaction in this time range."
    }

    /// Ticks of the force axis.
    var forceTicks: AxisTicks {
        AxisTicks(domain: forceDomain, targetCount: max(2, Int(layout.plotHeight / 45)))
    }

    /// Ticks of the time axis.
    var timeTicks: AxisTicks {
        AxisTicks(domain: timeDomain, targetCount: max(2, Int(layout.plotWidth / 80)))
    }
}
