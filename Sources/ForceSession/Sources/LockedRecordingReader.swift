import ForceCore
import ForceRecording
import Synchronization

/// A recording's reader behind a `Mutex`, so that it can be handed from the session's loop to a
/// worker thread that reads ahead (`RecordingReadAhead`) and asked for its warnings afterwards.
/// Only one thread uses it at a time; the lock makes the hand-over safe, not the reading shared.
final class LockedRecordingReader: Sendable {
    private let reader: Mutex<any RecordingReader>

    init(_ reader: sending any RecordingReader) {
        self.reader = Mutex(reader)
    }

    /// Uses the reader on the calling thread.
    func withReader<Result: Sendable>(_ body: (any RecordingReader) throws -> Result) rethrows -> Result {
        try reader.withLock { reader in try body(reader) }
    }

    /// Reads events into `events` until it holds `chunkSize`; returns the reader's warnings by
    /// then and how reading ended, if it did.
    func read(into events: inout [InputEvent], upTo chunkSize: Int) -> (warnings: [RecordingWarning], ending: RecordingEnding?) {
        reader.withLock { reader -> ([RecordingWarning], RecordingEnding?) in
            do {
                while events.count < chunkSize {
                    guard let event = try reader.next() else { return (reader.warnings, .endOfInput) }
                    events.append(event)
                }
                return (reader.warnings, nil)
            } catch {
                return (reader.warnings, .failure(error))
            }
        }
    }
}

/// How reading a recording ended: at the end of the file, or with the error of a malformed line.
enum RecordingEnding: Sendable {
    case endOfInput
    case failure(any Error)

    /// The error reading ended with; nil at the end of the file.
    var error: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
