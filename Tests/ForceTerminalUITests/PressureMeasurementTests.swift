import ForceCore
import ForceSession
import ForceTerminalUI
import ForceTestSupport
import Testing

/// `measure pressure`'s sink on a recorded session: each touch's range when it lifts, and a
/// histogram of every sample over the axis range.
struct PressureMeasurementTests {
    @Test func eachTouchAndTheHistogramOverTheAxis() throws {
        let source = try RecordingSource(path: Repository.recording("touchscreen-two-fingers.evemu"))
        let axis = try #require(source.device.pressureAxis)
        let captured = CapturedText()
        let output = TextOutput(captured)
        let measurement = PressureMeasurement(output: output, axis: axis.info, axisName: axis.name, buckets: 4, showsLiveLine: false)
        let session = Session(source: source)
        session.pipeline.attach(measurement)
        try session.run()
        output.flush()

        let lines = captured.text.split(separator: "\n").map(String.init)
        let touches = lines.filter { $0.hasPrefix("touch ") }
        #expect(touches.count == measurement.touchCount && touches.count == 2)
        #expect(touches.allSatisfy { $0.contains(": ABS_MT_PRESSURE ") && $0.contains(", mean ") && $0.hasSuffix(" samples") })
        let samples = measurement.histogram.reduce(0, +)
        #expect(measurement.histogram.count == 4 && samples > 0)
        #expect(lines.contains("2 touches, \(samples) samples of ABS_MT_PRESSURE (\(axis.info.minimum)-\(axis.info.maximum)):"))
        // One line per bucket: its raw range, a bar, its count.
        let buckets = lines.suffix(4)
        #expect(buckets.map { Int($0.split(separator: " ").last!)! } == measurement.histogram)
        #expect(!captured.text.contains("\u{1b}"), "no status line off a terminal")
    }

    @Test func theRunSaysWhatItMeasuresOnTheRuntime() throws {
        let source = try RecordingSource(path: Repository.recording("touchscreen-two-fingers.evemu"))
        let axis = try #require(source.device.pressureAxis)
        let captured = CapturedText()
        let session = try PressureMeasurement.run(source, axis: axis, on: try SessionRuntime(), output: TextOutput(captured), buckets: 4,
                                                  showsLiveLine: false)
        #expect(session.failure == nil)
        let lines = captured.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "Measuring ABS_MT_PRESSURE (\(axis.info.minimum)-\(axis.info.maximum)) of \"\(source.device.name)\".")
        #expect(lines.filter { $0.hasPrefix("touch ") }.count == 2)
    }
}
