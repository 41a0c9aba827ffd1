/// The frame of a force plot: title, grid, axes with units, and notes.
extension ForcePlot {
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
        writer.open("g", [("class", "grid"), ("stroke", PlotPalette.grid), ("stroke-width", "1")])
        for tick in forceTicks.values {
            let position = SVGWriter.number(y(tick))
            writer.element("line", [
                ("x1", SVGWriter.number(layout.left)), ("x2", SVGWriter.number(layout.right)),
                ("y1", position), ("y2", position),
            ])
        }
        for tick in timeTicks.values {
            let position = SVGWriter.number(x(tick))
            writer.element("line", [
                ("x1", position), ("x2", position),
                ("y1", SVGWriter.number(layout.top)), ("y2", SVGWriter.number(layout.bottom)),
            ])
        }
        writer.close("g")
    }

    func drawAxes(into writer: inout SVGWriter) {
        let left = SVGWriter.number(layout.left)
        let bottom = SVGWriter.number(layout.bottom)
        writer.open("g", [("class", "axes"), ("fill", PlotPalette.ink), ("font-size", "11")])
        writer.element("path", [
            ("d", "M \(left) \(SVGWriter.number(layout.top)) V \(bottom) H \(SVGWriter.number(layout.right))"),
            ("fill", "none"), ("stroke", PlotPalette.ink), ("stroke-width", "1"),
        ])

        let forceDecimals = forceTicks.decimals
        for tick in forceTicks.values {
            let position = y(tick)
            writer.element("line", [
                ("x1", SVGWriter.number(layout.left - 5)), ("x2", left),
                ("y1", SVGWriter.number(position)), ("y2", SVGWriter.number(position)),
                ("stroke", PlotPalette.ink),
            ])
            writer.element("text", [
                ("x", SVGWriter.number(layout.left - 8)), ("y", SVGWriter.number(position + 4)), ("text-anchor", "end"),
            ], text: SVGWriter.fixed(tick, decimals: forceDecimals))
        }

        let timeDecimals = timeTicks.decimals
        for tick in timeTicks.values {
            let position = x(tick)
            writer.element("line", [
                ("x1", SVGWriter.number(position)), ("x2", SVGWriter.number(position)),
                ("y1", bottom), ("y2", SVGWriter.number(layout.bottom + 5)),
                ("stroke", PlotPalette.ink),
            ])
            writer.element("text", [
                ("x", SVGWriter.number(position)), ("y", SVGWriter.number(layout.bottom + 19)), ("text-anchor", "middle"),
            ], text: SVGWriter.fixed(tick, decimals: timeDecimals))
        }

        writer.element("text", [
            ("class", "axis-title"), ("x", SVGWriter.number((layout.left + layout.right) / 2)),
            ("y", SVGWriter.number(layout.bottom + 38)), ("text-anchor", "middle"), ("font-size", "12"),
        ], text: "time (s)")
        let middle = SVGWriter.number((layout.top + layout.bottom) / 2)
        writer.element("text", [
            ("class", "axis-title"), ("x", "0"), ("y", "0"), ("text-anchor", "middle"), ("font-size", "12"),
            ("transform", "translate(22 \(middle)) rotate(-90)"),
        ], text: "force (UIKit units, 1.0 = average touch)")
        writer.close("g")
    }

    /// Notes for what the picture cannot show: no pressure, nothing in the range.
    func drawNotes(into writer: inout SVGWriter) {
        var notes: [String] = []
        if !session.device.isForceAvailable {
            notes.append("No pressure axis: force is 1.0 while touching (maximumPossibleForce 0).")
            notes.append("Force interactions (preview, commit) are unavailable on this device.")
        } else if session.device.isForceEstimated {
            notes.append("Force is estimated from contact size, not measured.")
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
