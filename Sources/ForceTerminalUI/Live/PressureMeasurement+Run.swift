import ForceCore
import ForceSession

extension PressureMeasurement {
    /// `measure pressure`'s run: says on `output` what is measured, then measures the pressure
    /// (`axis`) of `source` on `runtime` until its input ends or the loop is stopped, with a live
    /// line where `showsLiveLine`. Returns the session, whose `failure` says why it ended early.
    package static func run(_ source: any InputSource, axis: PressureAxis, on runtime: SessionRuntime, output: TextOutput,
                            buckets: Int, showsLiveLine: Bool) throws -> Session {
        let live = source.origin.kind == .liveDevice
        output.line("Measuring \(axis.name) (\(axis.info.minimum)-\(axis.info.maximum)) of \"\(source.device.name)\""
            + (live ? "; Ctrl-C stops." : "."))
        let measurement = PressureMeasurement(output: output, axis: axis.info, axisName: axis.name, buckets: buckets, showsLiveLine: showsLiveLine)
        let session = Session(source: source)
        session.pipeline.attach(measurement)
        try runtime.start(session)
        try runtime.run()
        output.flush()
        return session
    }
}
