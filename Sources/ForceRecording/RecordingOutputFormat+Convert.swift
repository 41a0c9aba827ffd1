import ForceSystem

extension RecordingOutputFormat {
    /// What a conversion wrote.
    package struct Conversion: Sendable {
        /// Events written.
        package var events = 0
        /// Frames written.
        package var frames = 0
    }

    /// Writes every event `reader` has left into a new file of this format at `path`, with
    /// `source` (where the events came from) in its header. A malformed input leaves no
    /// half-converted file behind.
    /// - Throws: the `RecordingError` of the reader or the writer.
    package func convert(_ reader: any RecordingReader, to path: String, source: String) throws -> Conversion {
        var conversion = Conversion()
        do {
            let writer = try makeWriter(path: path, description: reader.description, source: source)
            while let event = try reader.next() {
                try writer.write(event)
                conversion.events += 1
                if event.isFrameEnd { conversion.frames += 1 }
            }
            try writer.close()
        } catch let error as RecordingError {
            FileSystem.removeFile(path)
            throw error
        }
        return conversion
    }
}
