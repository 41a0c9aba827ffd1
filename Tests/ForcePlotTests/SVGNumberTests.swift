@testable import ForcePlot
import Testing

/// Coordinates are written short and exact to the hundredth.
@Suite("SVG numbers")
struct SVGNumberTests {
    @Test("Two decimals at most, no trailing zeros", arguments: [
        (0.0, "0"), (12.0, "12"), (3.5, "3.5"), (-0.25, "-0.25"), (1.006, "1.01"), (7.049, "7.05"),
        (0.001, "0"), (-0.001, "0"), (100.1, "100.1"), (0.07, "0.07"), (-12.3, "-12.3"), (.infinity, "0"),
    ])
    func number(value: Double, expected: String) {
        #expect(SVGWriter.number(value) == expected)
    }
}
