import SystemPackage

/// One recording to check, and its golden transcript if it has one.
package struct CheckItem: Sendable {
    /// Why the recordings and goldens given cannot be paired.
    package struct SetupError: Error, CustomStringConvertible, Sendable {
        /// What is wrong and what to do.
        package let description: String
    }

    /// The recording's path.
    package var recording: String
    /// The golden transcript's path.
    package var golden: String?

    package init(recording: String, golden: String? = nil) {
        self.recording = recording
        self.golden = golden
    }

    /// The items for `recordings`: with `golden`, the one recording; with `goldenDirectory`, each
    /// recording NAME.EXT with DIR/NAME.jsonl.
    /// - Throws: a `SetupError` when `golden` is given for several recordings, or two recordings
    ///   would share a golden transcript.
    package static func items(for recordings: [String], golden: String?, goldenDirectory: String?) throws(SetupError) -> [CheckItem] {
        if let golden {
            guard recordings.count == 1 else {
                throw SetupError(description: "--golden \(golden) is the golden transcript of one recording, and \(recordings.count) were given; "
                    + "use --golden-dir DIR for many")
            }
            return [CheckItem(recording: recordings[0], golden: golden)]
        }
        guard let goldenDirectory else { return recordings.map { CheckItem(recording: $0) } }
        var recordingOfGolden: [String: String] = [:]
        return try recordings.map { recording throws(SetupError) in
            let path = goldenPath(of: recording, in: goldenDirectory)
            if let other = recordingOfGolden.updateValue(recording, forKey: path) {
                throw SetupError(description: "\(other) and \(recording) would share the golden \(path); check them with separate --golden-dir directories")
            }
            return CheckItem(recording: recording, golden: path)
        }
    }

    /// DIR/NAME.jsonl for recording NAME.EXT.
    package static func goldenPath(of recording: String, in directory: String) -> String {
        let stem = FilePath(recording).stem ?? recording
        return FilePath(directory).appending(stem + ".jsonl").string
    }

    /// Replays the recording and checks its transcript (or writes its golden, under `update`),
    /// through `environment`.
    package func result(_ settings: CheckSettings, in environment: CheckEnvironment) -> CheckOutcome.Result {
        let text: String
        let transcript: Transcript
        do {
            text = try environment.transcript(recording)
            transcript = try Transcript(parsing: text, source: recording)
        } catch {
            return .unreadable("\(error)")
        }
        guard let golden else {
            return .checked(TranscriptCheck(name: recording, transcript: transcript, expectations: settings.expectations, tolerance: settings.tolerance))
        }
        if settings.update {
            let bytes = Array(text.utf8)
            let write: CheckOutcome.GoldenWrite
            if case .contents(let existing) = environment.readGolden(golden), existing == bytes {
                write = .unchanged
            } else {
                do { try environment.writeGolden(golden, bytes) } catch {
                    return .unreadable("\(golden): cannot write the golden transcript (\(error))")
                }
                write = .written
            }
            let check = TranscriptCheck(name: recording, transcript: transcript, expectations: settings.expectations, tolerance: settings.tolerance)
            return .checked(check, golden: write)
        }
        let goldenTranscript: Transcript
        switch environment.readGolden(golden) {
        case .missing:
            return .unreadable("\(golden): no golden transcript for \(recording); write it with --update")
        case .directory:
            return .unreadable("\(golden): is a directory, not a golden transcript")
        case .unreadable(let reason):
            return .unreadable("\(golden): cannot read the golden transcript (\(reason))")
        case .contents(let bytes):
            do {
                goldenTranscript = try Transcript(parsing: String(decoding: bytes, as: UTF8.self), source: golden)
            } catch {
                return .unreadable("\(error) (a golden transcript is what 'forcebridge replay FILE --format jsonl' writes)")
            }
        }
        return .checked(TranscriptCheck(
            name: recording, transcript: transcript, golden: goldenTranscript, expectations: settings.expectations, tolerance: settings.tolerance))
    }
}
