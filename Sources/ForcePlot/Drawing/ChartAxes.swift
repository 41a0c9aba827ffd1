/// The grid and the two labelled axes of a chart: round-numbered ticks on both, a title under
/// the x axis and one turned along the y axis. Force plots, session diffs and histograms share it.
public struct ChartAxes: Sendable {
    /// The plotting area's edges, in pixels.
    public var left: Double
    public var top: Double
    public var right: Double
    public var bottom: Double
    /// Maps x values to pixels.
    public var x: LinearScale
    /// Maps y values to pixels.
    public var y: LinearScale
    /// The ticks along the x axis.
    public var xTicks: AxisTicks
    /// The ticks along the y axis.
    public var yTicks: AxisTicks
    /// The title under the x axis.
    public var xTitle: String
    /// The title along the y axis.
    public var yTitle: String

    /// Creates axes for the plotting area `left...right` × `top...bottom`.
    public init(
        left: Double, top: Double, right: Double, bottom: Double, x: LinearScale, y: LinearScale,
        xTicks: AxisTicks, yTicks: AxisTicks, xTitle: String, yTitle: String
    ) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
        self.x = x
        self.y = y
        self.xTicks = xTicks
        self.yTicks = yTicks
        self.xTitle = xTitle
        self.yTitle = yTitle
    }

    /// Light lines at every tick, behind everything else.
    public func drawGrid(into writer: inout SVGWriter) {
        writer.open("g", [("class", "grid"), ("stroke", PlotPalette.grid), ("stroke-width", "1")])
        for tick in yTicks.values {
            let position = SVGWriter.number(y(tick))
            writer.element("line", [
                ("x1", SVGWriter.number(left)), ("x2", SVGWriter.number(right)),
                ("y1", position), ("y2", position),
            ])
        }
        for tick in xTicks.values {
            let position = SVGWriter.number(x(tick))
            writer.element("line", [
                ("x1", position), ("x2", position),
                ("y1", SVGWriter.number(top)), ("y2", SVGWriter.number(bottom)),
            ])
        }
        writer.close("g")
    }

    /// The axis lines, their tick marks and labels, and the axis titles.
    public func drawAxes(into writer: inout SVGWriter) {
        let leftText = SVGWriter.number(left)
        let bottomText = SVGWriter.number(bottom)
        writer.open("g", [("class", "axes"), ("fill", PlotPalette.ink), ("font-size", "11")])
        writer.element("path", [
            ("d", "M \(leftText) \(SVGWriter.number(top)) V \(bottomText) H \(SVGWriter.number(right))"),
            ("fill", "none"), ("stroke", PlotPalette.ink), ("stroke-width", "1"),
        ])

        let yDecimals = yTicks.decimals
        for tick in yTicks.values {
            let position = y(tick)
            writer.element("line", [
                ("x1", SVGWriter.number(left - 5)), ("x2", leftText),
                ("y1", SVGWriter.number(position)), ("y2", SVGWriter.number(position)),
                ("stroke", PlotPalette.ink),
            ])
            writer.element("text", [
                ("x", SVGWriter.number(left - 8)), ("y", SVGWriter.number(position + 4)), ("text-anchor", "end"),
            ], text: SVGWriter.fixed(tick, decimals: yDecimals))
        }

        let xDecimals = xTicks.decimals
        for tick in xTicks.values {
            let position = x(tick)
            writer.element("line", [
                ("x1", SVGWriter.number(position)), ("x2", SVGWriter.number(position)),
                ("y1", bottomText), ("y2", SVGWriter.number(bottom + 5)),
                ("stroke", PlotPalette.ink),
            ])
            writer.element("text", [
                ("x", SVGWriter.number(position)), ("y", SVGWriter.number(bottom + 19)), ("text-anchor", "middle"),
            ], text: SVGWriter.fixed(tick, decimals: xDecimals))
        }

        writer.element("text", [
            ("class", "axis-title"), ("x", SVGWriter.number((left + right) / 2)),
            ("y", SVGWriter.number(bottom + 38)), ("text-anchor", "middle"), ("font-size", "12"),
        ], text: xTitle)
        let middle = SVGWriter.number((top + bottom) / 2)
        writer.element("text", [
            ("class", "axis-title"), ("x", "0"), ("y", "0"), ("text-anchor", "middle"), ("font-size", "12"),
            ("transform", "translate(22 \(middle)) rotate(-90)"),
        ], text: yTitle)
        writer.close("g")
    }
}
