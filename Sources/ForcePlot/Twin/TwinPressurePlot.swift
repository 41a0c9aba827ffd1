import ForceCore

/// `plot --twin`: a session's pressure as the device reported it (grey) and as its twin writes it
/// (blue), in the axis's own units over time, with the twin's levels as dashed lines (the resting
/// offset, the tip threshold, the full-pressure point) and the strokes (tip down) shaded.
public struct TwinPressurePlot: Sendable {
    /// The trace drawn.
    public let trace: TwinPressureTrace
    /// The image size.
    public let width: Int
    public let height: Int

    /// A plot of `trace`, `width` × `height` pixels (at least `PlotOptions.minimumSize`).
    public init(trace: TwinPressureTrace, width: Int = 960, height: Int = 540) {
        self.trace = trace
        self.width = max(width, PlotOptions.minimumSize.width)
        self.height = max(height, PlotOptions.minimumSize.height)
    }

    /// The plot as a standalone SVG document.
    public func svg() -> String {
        let left = 72.0, top = 70.0, right = Double(width) - 150, bottom = Double(height) - 80
        let duration = max(trace.samples.last?.time ?? 0, 1e-3)
        let axis = trace.axis.info
        let x = LinearScale(domain: 0...duration, range: (left + 10, right - 10))
        let y = LinearScale(domain: Double(axis.minimum)...Double(max(axis.maximum, axis.minimum + 1)), range: (bottom, top))
        let axes = ChartAxes(left: left, top: top, right: right, bottom: bottom, x: x, y: y,
                             xTicks: AxisTicks(domain: x.domain, targetCount: 10), yTicks: AxisTicks(domain: y.domain, targetCount: 6),
                             xTitle: "time (s)", yTitle: "\(trace.axis.name) (raw units)")
        var writer = SVGWriter(width: width, height: height, title: "\(trace.device.name): pressure and its twin's")
        writer.element("rect", [("width", String(width)), ("height", String(height)), ("fill", "#FFFFFF")])
        writer.element("text", [("x", SVGWriter.number(left)), ("y", "28"), ("font-size", "16"), ("font-weight", "bold")],
                       text: "\(trace.device.name): \(trace.axis.name) and its twin's")
        let profile = trace.profile
        writer.element("text", [("x", SVGWriter.number(left)), ("y", "50"), ("fill", PlotPalette.mutedInk)],
                       text: "twin: curve \(profile.curve.text), tip \(Self.percent(profile.tip)) above the resting offset, full at \(Self.percent(profile.full))"
                           + (trace.readsTip ? "" : "; the contact in slot 0"))
        axes.drawGrid(into: &writer)
        drawStrokes(into: &writer, x: x, top: top, bottom: bottom)
        drawLevels(into: &writer, y: y, left: left, right: right)
        drawLine(\.raw, colour: "#9A9A9A", width: 1.5, into: &writer, x: x, y: y)
        drawLine(\.twin, colour: PlotPalette.touch(at: 0), width: 2, into: &writer, x: x, y: y)
        axes.drawAxes(into: &writer)
        drawLegend(into: &writer, left: left, bottom: bottom)
        return writer.finish()
    }

    private func drawStrokes(into writer: inout SVGWriter, x: LinearScale, top: Double, bottom: Double) {
        writer.open("g", [("class", "strokes"), ("fill", "#0072B2"), ("fill-opacity", "0.08")])
        var start: Double?
        for (index, sample) in trace.samples.enumerated() {
            if sample.isDown && start == nil { start = sample.time }
            let last = index == trace.samples.count - 1
            if let begin = start, !sample.isDown || last {
                writer.element("rect", [("x", SVGWriter.number(x(begin))), ("y", SVGWriter.number(top)),
                                        ("width", SVGWriter.number(max(1, x(sample.time) - x(begin)))), ("height", SVGWriter.number(bottom - top))])
                start = nil
            }
        }
        writer.close("g")
    }

    private func drawLevels(into writer: inout SVGWriter, y: LinearScale, left: Double, right: Double) {
        let mapping = trace.mapping
        let levels = [("resting offset", mapping.offset), ("tip", mapping.tipDown), ("full", min(mapping.fullLevel, Double(mapping.maximum)))]
        writer.open("g", [("class", "levels"), ("stroke", PlotPalette.threshold), ("stroke-dasharray", "5 4"), ("font-size", "11")])
        for (name, level) in levels {
            let position = SVGWriter.number(y(level))
            writer.element("line", [("x1", SVGWriter.number(left)), ("x2", SVGWriter.number(right)), ("y1", position), ("y2", position)])
            writer.element("text", [("x", SVGWriter.number(right + 6)), ("y", SVGWriter.number(y(level) + 4)), ("stroke", "none"),
                                    ("fill", PlotPalette.ink)], text: "\(name) \(NumberFormat.trimmed(level, decimals: 1))")
        }
        writer.close("g")
    }

    /// One value of every sample as a step line (a value holds until the next frame).
    private func drawLine(_ value: KeyPath<TwinPressureTrace.Sample, Int32>, colour: String, width: Double,
                          into writer: inout SVGWriter, x: LinearScale, y: LinearScale) {
        guard let first = trace.samples.first else { return }
        var path = "M \(SVGWriter.number(x(first.time))) \(SVGWriter.number(y(Double(first[keyPath: value]))))"
        for sample in trace.samples.dropFirst() {
            path += " H \(SVGWriter.number(x(sample.time))) V \(SVGWriter.number(y(Double(sample[keyPath: value]))))"
        }
        writer.element("path", [("d", path), ("fill", "none"), ("stroke", colour), ("stroke-width", SVGWriter.number(width))])
    }

    private func drawLegend(into writer: inout SVGWriter, left: Double, bottom: Double) {
        let entries = [("#9A9A9A", "the device's pressure"), (PlotPalette.touch(at: 0), "the twin's pressure (what every program reads)")]
        var cursor = left
        let baseline = bottom + 60
        for (colour, text) in entries {
            writer.element("line", [("x1", SVGWriter.number(cursor)), ("x2", SVGWriter.number(cursor + 24)), ("y1", SVGWriter.number(baseline - 4)),
                                    ("y2", SVGWriter.number(baseline - 4)), ("stroke", colour), ("stroke-width", "2")])
            writer.element("text", [("x", SVGWriter.number(cursor + 30)), ("y", SVGWriter.number(baseline))], text: text)
            cursor += 36 + Double(text.count) * 6.5
        }
        writer.element("rect", [("x", SVGWriter.number(cursor)), ("y", SVGWriter.number(baseline - 10)), ("width", "24"), ("height", "10"),
                                ("fill", "#0072B2"), ("fill-opacity", "0.08")])
        writer.element("text", [("x", SVGWriter.number(cursor + 30)), ("y", SVGWriter.number(baseline))],
                       text: trace.readsTip ? "the twin's tip down (BTN_TOUCH)" : "slot 0 in contact")
    }

    static func percent(_ fraction: Double) -> String {
        NumberFormat.trimmed(fraction * 100, decimals: 2) + " %"
    }
}
