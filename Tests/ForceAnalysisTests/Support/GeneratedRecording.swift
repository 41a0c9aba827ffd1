import Foundation
import ForceCore
import ForceRecording

/// Recordings made up in tests, frame by frame, with known timing; written to an evemu file
/// with ForceRecording's writer and read back, as a recorded file would be.
struct GeneratedRecording {
    var description: DeviceDescription
    private(set) var events: [InputEvent] = []
    /// The time of every non-empty frame's `SYN_REPORT`.
    private(set) var frameTimes: [Int64] = []
    private(set) var time: Int64 = 1_000_000

    init(description: DeviceDescription) {
        self.description = description
    }

    /// Moves the clock on by `microseconds`.
    mutating func wait(_ microseconds: Int64) {
        time += microseconds
    }

    /// Appends one frame at the current time: `values` (type, code, value), then `SYN_REPORT`.
    mutating func frame(_ values: [(EventType, EventCode, Int32)]) {
        for (type, code, value) in values { events.append(InputEvent(time: time, type: type, code: code, value: value)) }
        events.append(.report(at: time))
        if !values.isEmpty { frameTimes.append(time) }
    }

    /// Appends a `SYN_DROPPED` marker at the current time.
    mutating func dropped() {
        events.append(InputEvent(time: time, type: .syn, code: SynCode.dropped, value: 0))
    }

    /// The recording as an evemu file would give it back.
    func writtenAndRead() throws -> Recording {
        let path = NSTemporaryDirectory() + "forceanalysis-\(UUID().uuidString).evemu"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try EvemuWriter(path: path, description: description)
        try writer.write(contentsOf: events)
        try writer.close()
        return try Recording(contentsOf: path)
    }

    /// Seconds between consecutive `times`.
    static func intervals(_ times: [Int64]) -> [Double] {
        zip(times, times.dropFirst()).map { Double($1 - $0) / 1_000_000 }
    }

    /// The mean and population standard deviation of `values`.
    static func spread(_ values: [Double]) -> (mean: Double, deviation: Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
        return (mean, variance.squareRoot())
    }

    /// An axis range.
    static func axis(_ minimum: Int32, _ maximum: Int32, fuzz: Int32 = 0) -> AxisInfo {
        AxisInfo(minimum: minimum, maximum: maximum, fuzz: fuzz)
    }
}
