import ForceCore
import ForceDevices
import ForceRecording
import ForceSystem
import Synchronization

/// A recording read on a worker thread ahead of the session that replays it at maximum speed,
/// so that parsing (the larger half of a replay's work) runs beside the pipeline on another
/// processor instead of before each event.
///
/// `RecordingSource` reads the first chunk on its loop (a recording that ends within it never
/// gets here), then makes one of these and `start()`s it for the rest. Events travel in a fixed set
/// of chunks that go round between the two sides (filled by the worker, emptied by the session,
/// handed back), so nothing is allocated per event. Each side wakes the other through a
/// descriptor: the session's loop watches `chunkReady`; the worker waits on a loop of its own for
/// a chunk handed back or for `stop()`.
final class RecordingReadAhead: Sendable {
    /// A chunk of events in file order, and the reader's warnings once it was read.
    private struct Chunk: Sendable {
        var events: [InputEvent]
        var warnings: [RecordingWarning]
    }

    private struct Exchange: Sendable {
        var filled: [Chunk] = []
        var empty: [[InputEvent]] = []
        var ending: RecordingEnding?
        var stopping = false
    }

    private let chunkSize: Int
    private let reader: LockedRecordingReader
    private let exchange: Mutex<Exchange>
    private let worker = Mutex<WorkerThread?>(nil)
    /// Readable when a filled chunk (or the ending) is waiting: watch it on the session's loop.
    let chunkReady: LoopWakeup
    private let chunkReturned: LoopWakeup

    /// Reads the rest of `reader` in chunks of `chunkSize` events, `chunkCount` of them in flight.
    init(reader: LockedRecordingReader, chunkSize: Int, chunkCount: Int = 4) throws(SystemError) {
        self.reader = reader
        self.chunkSize = max(1, chunkSize)
        var exchange = Exchange()
        exchange.filled.reserveCapacity(chunkCount + 1)
        exchange.empty.reserveCapacity(chunkCount + 1)
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

    /// Starts the worker, which reads the rest of the recording.
    func start() throws(SystemError) {
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
    var ending: RecordingEnding? {
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
        let loop: EventLoop
        do {
            loop = try EventLoop()
            try loop.watch(chunkReturned.fileDescriptor) { [chunkReturned] in chunkReturned.acknowledge() }
        } catch {
            return end(.failure(error))
        }
        var events: [InputEvent] = []
        while true {
            guard let taken = takeEmpty(into: &events) else { return }
            guard taken else {
                _ = try? loop.runOnce(timeout: nil)
                continue
            }
            let (warnings, ending) = reader.read(into: &events, upTo: chunkSize)
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

    private func end(_ ending: RecordingEnding) {
        exchange.withLock { $0.ending = ending }
        chunkReady.signal()
    }
}
