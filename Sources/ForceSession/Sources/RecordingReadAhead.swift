import ForceCore
import ForceDevices
import ForceRecording
import Synchronization

/// A recording read on a worker thread ahead of the session that replays it at maximum speed,
/// so that parsing (the larger half of a replay's work) runs beside the pipeline on another
/// processor instead of before each event.
///
/// The reader lives in a `Mutex` from the start: the session's loop reads the first chunk itself
/// (a recording that ends within it never starts a thread), then `start()` hands the rest to the
/// worker. Events travel in a fixed set of chunks that go round between the two sides (filled by
/// the worker, emptied by the session, handed back), so nothing is allocated per event. Each side
/// wakes the other through a descriptor: the session's loop watches `chunkReady`; the worker waits
/// on a loop of its own for a chunk handed back or for `stop()`.
final class RecordingReadAhead: Sendable {
    /// A chunk of events in file order, and the reader's warnings once it was read.
    struct Chunk: Sendable {
        var events: [InputEvent]
        var warnings: [RecordingWarning]
    }

    /// How reading ended: at the end of the file, or with the error of a malformed line.
    enum Ending: Sendable {
        case endOfInput
        case failure(any Error)

        /// The error reading ended with; nil at the end of the file.
        var error: (any Error)? {
            if case .failure(let error) = self { return error }
            return nil
        }
    }

    private struct Exchange: Sendable {
        var filled: [Chunk] = []
        var empty: [[InputEvent]] = []
        var ending: Ending?
        var stopping = false
    }

    /// Events in a chunk.
    let chunkSize: Int
    private let reader: Mutex<any RecordingReader>
    private let exchange: Mutex<Exchange>
    private let worker = Mutex<WorkerThread?>(nil)
    /// Readable when a filled chunk (or the ending) is waiting: watch it on the session's loop.
    let chunkReady: LoopWakeup
    private let chunkReturned: LoopWakeup

    /// Reads `reader` in chunks of `chunkSize` events, `chunkCount` of them in flight.
    init(reader: sending any RecordingReader, chunkSize: Int, chunkCount: Int = 4) throws(DeviceError) {
        self.reader = Mutex(reader)
        self.chunkSize = max(1, chunkSize)
        var exchange = Exchange()
        exchange.filled.reserveCapacity(chunkCount)
        exchange.empty.reserveCapacity(chunkCount)
        for _ in 0..<max(1, chunkCount) {
            exchange.empty.append(Self.makeChunkStorage(chunkSize: self.chunkSize))
        }
        self.exchange = Mutex(exchange)
        chunkReady = try LoopWakeup()
        chunkReturned = try LoopWakeup()
    }

    deinit { stop() }

    /// Storage for a chunk (it grows to `chunkSize` events on first use, and keeps its capacity).
    static func makeChunkStorage(chunkSize: Int) -> [InputEvent] {
        var events: [InputEvent] = []
        events.reserveCapacity(min(chunkSize, RecordingSource.batchSize))
        return events
    }

    /// Uses the reader on the calling thread; only before `start()` or after the worker ended.
    func withReader<Result: Sendable>(_ body: (any RecordingReader) throws -> Result) rethrows -> Result {
        try reader.withLock { reader in try body(reader) }
    }

    /// Reads up to a chunk of events into `events` (on the session's thread before `start()`,
    /// on the worker's after); returns the reader's warnings by then and how reading ended, if it
    /// did.
    func read(into events: inout [InputEvent]) -> (warnings: [RecordingWarning], ending: Ending?) {
        let chunkSize = self.chunkSize
        return reader.withLock { reader -> ([RecordingWarning], Ending?) in
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

    /// Starts the worker, which reads the rest of the recording.
    func start() throws(DeviceError) {
        let thread = try WorkerThread { [self] in fill() }
        worker.withLock { $0 = thread }
    }

    /// Moves the next filled chunk's events into `events` (which must be empty) and returns the
    /// reader's warnings as of its end; nil when no chunk is waiting. Storage only ever moves
    /// (`swap`), never gets shared, so each side appends to it and empties it without allocating.
    func takeChunk(into events: inout [InputEvent]) -> [RecordingWarning]? {
        exchange.withLock { exchange -> [RecordingWarning]? in
            guard !exchange.filled.isEmpty else { return nil }
            swap(&events, &exchange.filled[0].events)
            return exchange.filled.removeFirst().warnings
        }
    }

    /// How reading ended, once every filled chunk has been taken; nil before.
    var ending: Ending? {
        exchange.withLock { $0.filled.isEmpty ? $0.ending : nil }
    }

    /// Hands a chunk's storage back to the worker, emptied; `events` is left empty.
    func giveBack(_ events: inout [InputEvent]) {
        events.removeAll(keepingCapacity: true)
        exchange.withLock { exchange in
            exchange.empty.append([])
            swap(&exchange.empty[exchange.empty.count - 1], &events)
        }
        chunkReturned.signal()
    }

    /// Makes the worker end after the chunk it is reading, and waits for it.
    func stop() {
        exchange.withLock { $0.stopping = true }
        chunkReturned.signal()
        let thread = worker.withLock { worker in
            defer { worker = nil }
            return worker
        }
        thread?.join()
    }

    // MARK: - The worker

    private func fill() {
        guard let loop = try? EventLoop(),
              (try? loop.watch(chunkReturned.fileDescriptor, { [chunkReturned] in chunkReturned.acknowledge() })) != nil
        else {
            return end(.failure(DeviceError.system(path: "eventfd", operation: "reading ahead", errno: .noMemory)))
        }
        var events: [InputEvent] = []
        while true {
            guard let taken = takeEmpty(into: &events) else { return }
            guard taken else {
                _ = try? loop.runOnce(timeout: nil)
                continue
            }
            let (warnings, ending) = read(into: &events)
            exchange.withLock { exchange in
                exchange.filled.append(Chunk(events: [], warnings: warnings))
                swap(&exchange.filled[exchange.filled.count - 1].events, &events)
                exchange.ending = ending
            }
            chunkReady.signal()
            if ending != nil { return }
        }
    }

    /// Moves free storage for the next chunk into `events` (empty): false when none is free
    /// yet, nil when stopping.
    private func takeEmpty(into events: inout [InputEvent]) -> Bool? {
        exchange.withLock { exchange -> Bool? in
            if exchange.stopping { return nil }
            guard !exchange.empty.isEmpty else { return false }
            swap(&events, &exchange.empty[exchange.empty.count - 1])
            exchange.empty.removeLast()
            return true
        }
    }

    private func end(_ ending: Ending) {
        exchange.withLock { $0.ending = ending }
        chunkReady.signal()
    }
}
