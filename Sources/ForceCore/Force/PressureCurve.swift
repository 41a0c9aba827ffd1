/// The response curve applied to normalized pressure before it becomes force.
///
/// Curves map 0...1 onto 0...1 and are monotonic, so thresholds keep their order.
public enum PressureCurve: Hashable, Sendable {
    /// Force proportional to pressure.
    case linear
    /// `normalized ^ exponent`: above 1 makes light touches lighter, below 1 makes them heavier.
    case gamma(Double)
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), like the
    /// tablet pressure curves of GNOME and the Wacom X driver. Every control value must lie in
    /// 0...1, which keeps the curve monotonic (CSS's `cubic-bezier()` lets y overshoot; this must not).
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// Applies the curve to a normalized pressure in 0...1.
    @inlinable
    public func apply(_ input: Double) -> Double {
        let x = min(max(input, 0), 1)
        switch self {
        case .linear:
            return x
        case .gamma(let exponent):
            return exponent > 0 ? pow(x, exponent) : x
        case .bezier(let x1, let y1, let x2, let y2):
            return PressureCurve.bezierY(atX: x, x1: x1, y1: y1, x2: x2, y2: y2)
        }
    }

    /// Whether the curve's parameters are usable (finite, positive gamma, Bézier control points in 0...1).
    public var isValid: Bool {
        switch self {
        case .linear: return true
        case .gamma(let exponent): return exponent.isFinite && exponent > 0
        case .bezier(let x1, let y1, let x2, let y2):
            return [x1, y1, x2, y2].allSatisfy { (0...1).contains($0) }
        }
    }

    /// Solves the Bézier's x(t) = x by bisection (x(t) is monotonic when x1, x2 are in 0...1),
    /// then returns y(t). Twenty halvings are finer than any pressure axis.
    @usableFromInline
    static func bezierY(atX x: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        var low = 0.0
        var high = 1.0
        var t = x
        for _ in 0..<20 {
            let value = component(t, x1, x2)
            if abs(value - x) < 1e-7 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return min(max(component(t, y1, y2), 0), 1)
    }

    /// One coordinate of the cubic Bézier with end points 0 and 1.
    @usableFromInline
    static func component(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
