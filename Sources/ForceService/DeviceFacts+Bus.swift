import ForceBus
import ForceSession

extension DeviceFacts {
    /// The keys of `ListDevices`' dictionary that carry the facts besides the ones it has always
    /// carried (name, kind, pressure axis and range, maximum force): `forceSource`, the area
    /// (`xMin`, `xMax`, `yMin`, `yMax`, only when the device reports positions), the thresholds
    /// (`begin`, `previewEnd`, `commitEnd`) and `sensitivity`.
    var busEntries: [(String, BusValue)] {
        var entries: [(String, BusValue)] = [("forceSource", .string(forceSource))]
        if let xRange, let yRange {
            entries += [
                ("xMin", .double(xRange.lowerBound)), ("xMax", .double(xRange.upperBound)),
                ("yMin", .double(yRange.lowerBound)), ("yMax", .double(yRange.upperBound)),
            ]
        }
        entries += [
            ("begin", .double(begin)), ("previewEnd", .double(previewEnd)), ("commitEnd", .double(commitEnd)),
            ("sensitivity", .string(sensitivity)),
        ]
        return entries
    }

    /// The facts of one device of `ListDevices`' answer; nil when a fact is missing or of the
    /// wrong type (a service older than these keys).
    public init?(busProperties properties: [String: BusValue]) {
        func string(_ key: String) -> String? { properties[key]?.stringValue }
        func number(_ key: String) -> Double? { properties[key]?.doubleValue }
        func range(_ lower: String, _ upper: String) -> ClosedRange<Double>? {
            guard let low = number(lower), let high = number(upper), low <= high else { return nil }
            return low...high
        }
        guard let name = string("name"), let kind = string("kind"), let forceSource = string("forceSource"),
              let pressureAxis = string("pressureAxis"), let maximum = number("maximumPossibleForce"),
              let begin = number("begin"), let previewEnd = number("previewEnd"), let commitEnd = number("commitEnd"),
              let sensitivity = string("sensitivity")
        else { return nil }
        var pressureRange: ClosedRange<Int>?
        if let low = properties["pressureMin"]?.integerValue, let high = properties["pressureMax"]?.integerValue, low <= high {
            pressureRange = Int(low)...Int(high)
        }
        self.init(name: name, kind: kind, forceSource: forceSource, pressureAxis: pressureAxis, pressureRange: pressureRange,
                  maximumPossibleForce: maximum, xRange: range("xMin", "xMax"), yRange: range("yMin", "yMax"),
                  begin: begin, previewEnd: previewEnd, commitEnd: commitEnd, sensitivity: sensitivity)
    }
}
