import ForceAnalysis
import ForceCore
import ForceDevices
import ForceSession
import ForceSystem
import SystemPackage

/// What `check` does with every recording: the expectations, the tolerance, whether goldens are
/// written, and how pipelines are made.
struct CheckSettings: Sendable {
    /// The `--expect` expectations.
    var expectations: [SummaryExpectation]
    /// How far transcripts may differ from their goldens.
    var tolerance: TranscriptTolerance
    /// Whether golden transcripts are written rather than compared with.
    var update: Bool
    /// Which device of a multi-device recording.
    var device: Int?
    /// The pipeline for a recorded device (the command line's calibration and thresholds).
    var makePipeline: @Sendable (DeviceDescription) throws -> InputPipeline

    /// What the run compared with, for the JUnit report.
    func properties(thresholds: String?) -> [(name: String, value: String)] {
        var properties = [
            (name: "timeTolerance", value: String(tolerance.time)), (name: "forceTolerance", value: String(tolerance.force)),
            (name: "positionTolerance", value: String(tolerance.position)),
        ]
        if let thresholds { properties.append((name: "thresholds", value: thresholds)) }
        properties += expectations.map { (name: "expect", value: $0.description) }
        return properties
    }
}

/// One recording to check, and its golden transcript if it has one.
struct CheckItem: Sendable {
    /// The recording's path.
    var recording: String
    /// The golden transcript's path.
    var golden: String?

    /// The items for `recordings`: with `golden`, the one recording; with `goldenDirectory`, each
    /// recording NAME.EXT with DIR/NAME.jsonl.
    /// - Throws: a `CommandFailure` (status 2) when the goldens cannot be told apart or found.
    static func items(for recordings: [String], golden: String?, goldenDirectory: String?, update: Bool) throws(CommandFailure) -> [CheckItem] {
        if let golden {
            guard recordings.count == 1 else {
                throw CommandFailure("--golden \(golden) is the golden transcript of one recording, and \(recordings.count) were given; use --golden-dir DIR for many",
                                     status: QualityExitStatus.badInput)
            }
            return [CheckItem(recording: recordings[0], golden: golden)]
        }
        guard let goldenDirectory else { return recordings.map { CheckItem(recording: $0) } }
        if FileSystem.item(at: goldenDirectory) != .directory {
            guard update, FileSystem.item(at: goldenDirectory) == .missing else {
                throw CommandFailure("--golden-dir \(goldenDirectory): no such directory"
                    + (update ? "" : "; write the goldens into it with --update"), status: QualityExitStatus.badInput)
            }
            do { try FileSystem.createDirectory(goldenDirectory) } catch {
                throw CommandFailure("--golden-dir \(goldenDirectory): \(error)", status: QualityExitStatus.badInput)
            }
        }
        var recordingOfGolden: [String: String] = [:]
        return try recordings.map { recording throws(CommandFailure) in
            let path = goldenPath(of: recording, in: goldenDirectory)
            if let other = recordingOfGolden.updateValue(recording, forKey: path) {
                throw CommandFailure("\(other) and \(recording) would share the golden \(path); check them with separate --golden-dir directories",
                                     status: QualityExitStatus.badInput)
            }
            return CheckItem(recording: recording, golden: path)
        }
    }

    /// DIR/NAME.jsonl for recording NAME.EXT.
    static func goldenPath(of recording: String, in directory: String) -> String {
        let stem = FilePath(recording).stem ?? recording
        return FilePath(directory).appending(stem + ".jsonl").string
    }

    /// Replays the recording and checks its transcript (or writes its golden).
    func run(_ settings: CheckSettings) -> CheckOutcome {
        let started = MonotonicClock.now()
        var outcome = CheckOutcome(recording: recording, seconds: 0, result: .unreadable(""))
        outcome.result = result(settings)
        outcome.seconds = Double(MonotonicClock.now() - started) / 1_000_000
        return outcome
    }

    private func result(_ settings: CheckSettings) -> CheckOutcome.Result {
        let text: String
        let transcript: Transcript
        do {
            text = try Session.transcript(of: recording, device: settings.device, makePipeline: settings.makePipeline)
            transcript = try Transcript(parsing: text, source: recording)
        } catch {
            return .unreadable(CommandFailure.message(for: error))
        }
        guard let golden else {
            return .checked(TranscriptCheck(name: recording, transcript: transcript, expectations: settings.expectations, tolerance: settings.tolerance))
        }
        if settings.update {
            let write: CheckOutcome.GoldenWrite
            do { write = try update(golden, with: text) } catch { return .unreadable(error.message) }
            let check = TranscriptCheck(name: recording, transcript: transcript, expectations: settings.expectations, tolerance: settings.tolerance)
            return .checked(check, golden: write)
        }
        let goldenTranscript: Transcript
        switch FileSystem.item(at: golden) {
        case .missing:
            return .unreadable("\(golden): no golden transcript for \(recording); write it with --update")
        case .directory:
            return .unreadable("\(golden): is a directory, not a golden transcript")
        case .file:
            do {
                let bytes = try FileSystem.contents(of: golden)
                goldenTranscript = try Transcript(parsing: String(decoding: bytes, as: UTF8.self), source: golden)
            } catch let error as TranscriptError {
                return .unreadable("\(error) (a golden transcript is what 'forcebridge replay FILE --format jsonl' writes)")
            } catch {
                return .unreadable("\(golden): cannot read the golden transcript (\(CommandFailure.message(for: error)))")
            }
        }
        return .checked(TranscriptCheck(
            name: recording, transcript: transcript, golden: goldenTranscript, expectations: settings.expectations, tolerance: settings.tolerance))
    }

    /// Writes `text` to `path` unless it holds it already.
    private func update(_ path: String, with text: String) throws(CommandFailure) -> CheckOutcome.GoldenWrite {
        let bytes = Array(text.utf8)
        if let existing = try? FileSystem.contents(of: path), existing == bytes { return .unchanged }
        do {
            try FileSystem.replaceDurably(path, with: bytes, temporarySuffix: ".tmp-forcebridge")
        } catch {
            throw CommandFailure("\(path): cannot write the golden transcript (\(DeviceError.message(for: error.errno)))")
        }
        return .written
    }
}

/// One recording checked: how, and how long it took.
struct CheckOutcome: Sendable {
    /// What happened to a golden transcript under `--update`.
    enum GoldenWrite: Sendable {
        /// It was written (new or changed).
        case written
        /// It already held the transcript.
        case unchanged
    }

    /// What the check found.
    enum Result: Sendable {
        /// The recording was replayed and checked (its golden written, under `--update`).
        case checked(TranscriptCheck, golden: GoldenWrite? = nil)
        /// It could not be checked: why (`FILE:LINE: …`).
        case unreadable(String)
    }

    /// The recording's path.
    var recording: String
    /// Seconds the check took.
    var seconds: Double
    /// What it found.
    var result: Result
}
