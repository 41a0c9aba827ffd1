import ForceCore
import ForceRecording

/// The measured loops, shared by the benchmark suite and `forcebridge-bench`, so that both time
/// exactly the same work.
public enum ReplayWorkload {
    /// What a parse-only pass saw: enough to check the work was done (and to keep the optimizer
    /// from dropping it).
    public struct ParseTally: Hashable, Sendable {
        /// Events read.
        public var events = 0
        /// Frames (`SYN_REPORT`s) read.
        public var frames = 0
        /// A checksum of every event's fields.
        public var checksum: UInt64 = 0
    }

    /// Reads every event of the evemu file at `path` and does nothing else.
    public static func parse(path: String) throws -> ParseTally {
        try parse(EvemuReader(path: path))
    }

    /// Reads every event `reader` has left and does nothing else.
    public static func parse(_ reader: EvemuReader) throws -> ParseTally {
        var tally = ParseTally()
        while let event = try reader.next() {
            tally.events += 1
            if event.isFrameEnd { tally.frames += 1 }
            tally.checksum = tally.checksum &* 31
                &+ UInt64(bitPattern: event.time)
                &+ UInt64(event.type.rawValue) << 48
                &+ UInt64(event.code.rawValue) << 32
                &+ UInt64(UInt32(bitPattern: event.value))
        }
        return tally
    }

    /// What `forcebridge replay FILE --format summary` does at maximum speed: reads the recording
    /// and feeds every event through the whole pipeline (touch tracking, force, preview
    /// interaction), then ends the session.
    public static func replay(path: String) throws -> SessionSummary {
        let reader = try RecordingFormat.open(path: path)
        return try replay(reader, through: InputPipeline(device: reader.description))
    }

    /// Feeds every event `reader` has left through `pipeline`, then ends the session.
    public static func replay(_ reader: any RecordingReader, through pipeline: InputPipeline) throws -> SessionSummary {
        while let event = try reader.next() {
            pipeline.process(event)
        }
        pipeline.finish()
        return pipeline.summary
    }

    /// Feeds already parsed events through a new pipeline for `device`, then ends the session.
    public static func process(_ events: [InputEvent], device: DeviceDescription) -> SessionSummary {
        process(events, through: InputPipeline(device: device))
    }

    /// Feeds already parsed events through `pipeline`, then ends the session.
    public static func process(_ events: [InputEvent], through pipeline: InputPipeline) -> SessionSummary {
        for event in events {
            pipeline.process(event)
        }
        pipeline.finish()
        return pipeline.summary
    }

    /// The summary as `forcebridge replay --format summary` prints it.
    public static func jsonLine(_ summary: SessionSummary) -> String {
        let peak = (summary.peakNormalizedForce * 10_000).rounded() / 10_000
        return "{\"type\":\"summary\",\"events\":\(summary.events),\"frames\":\(summary.frames),"
            + "\"touches\":\(summary.touches),\"peakNormalizedForce\":\(peak),"
            + "\"previewsEnded\":\(summary.previewsEnded),\"commits\":\(summary.commits),\"cancels\":\(summary.cancels)}"
    }
}
