import ForceCore
import ForceDevices
import ForceSession
import ForceSystem

/// One subscriber of a device's session: the session's lines (`replay --format jsonl`) written
/// to a socket the client received over the bus. Writing never waits: lines the socket cannot
/// take now wait in a bounded queue (sent as the socket drains, in large writes), and when the
/// client reads so slowly that the queue is full, further lines are dropped and counted; the
/// next line that fits is preceded by `{"type":"dropped","lines":N}`.
public final class SubscriberStream: TextDestination {
    /// The client (its unique bus name) that subscribed.
    public let client: String
    /// The socket.
    public let socket: StreamSocket
    /// At most this many bytes wait for the client.
    public let queueLimit: Int
    /// Lines dropped so far because the client did not read.
    public private(set) var droppedLines = 0
    /// Whether the stream ended.
    public private(set) var isClosed = false
    /// Called once when the stream ends.
    var closeHandler: ((SubscriberStream) -> Void)?
    /// Called when the stream starts (true) or stops (false) needing to know that the socket
    /// can take more.
    var writabilityHandler: ((Bool) -> Void)?

    /// Lines dropped and not yet reported on the stream.
    private var unreportedDrops = 0
    /// Bytes waiting for the socket (whole lines, the first perhaps partly sent).
    private var queue: [UInt8] = []
    private var waitsForWritable = false

    /// A stream to `client` over a new socket; `bufferSize` bounds what may wait for it (the
    /// socket's buffer and the queue each), 1 MiB by default.
    public init(client: String, bufferSize: Int? = nil) throws(SystemError) {
        self.client = client
        socket = try StreamSocket(bufferSize: bufferSize)
        queueLimit = max(bufferSize ?? (1 << 20), 1024)
    }

    /// Takes whole lines (what `TextOutput` hands over): as many as fit in the queue, the others
    /// are dropped. Returns false when some were dropped or the stream has ended.
    public func write(_ bytes: [UInt8]) -> Bool {
        guard !isClosed else { return false }
        var complete = true
        if unreportedDrops == 0 && queue.count + bytes.count <= queueLimit {
            queue += bytes
        } else {
            // Line by line: each that fits (after the notice of what was lost before it, which
            // must fit with it), in order; the others are dropped.
            var start = bytes.startIndex
            while let end = bytes[start...].firstIndex(of: 10) {
                let notice = unreportedDrops > 0 ? Self.dropNotice(unreportedDrops) : []
                if queue.count + notice.count + (end + 1 - start) <= queueLimit {
                    queue += notice
                    queue += bytes[start...end]
                    unreportedDrops = 0
                } else {
                    droppedLines += 1
                    unreportedDrops += 1
                    complete = false
                }
                start = end + 1
            }
        }
        sendQueue()
        return complete && !isClosed
    }

    /// Sends what waits, as far as the socket takes it (call when the socket is writable).
    func sendQueue() {
        guard !isClosed else { return }
        if !queue.isEmpty {
            switch socket.send(queue) {
            case .sent(let count):
                queue.removeFirst(count)
            case .full:
                break
            case .closed:
                close(because: "the client closed it")
                return
            }
        }
        if queue.isEmpty, let reason = finishing {
            close(because: reason)
            return
        }
        let waits = !queue.isEmpty
        if waits != waitsForWritable {
            waitsForWritable = waits
            writabilityHandler?(waits)
        }
    }

    /// The socket is ready (the client read, or closed its end).
    func socketIsReady() {
        if socket.isPeerGone { close(because: "the client closed it") } else { sendQueue() }
    }

    /// Ends the stream once what waits has been sent (the device went away: the client reads
    /// the session's last lines, then the end).
    func finish(because reason: String) {
        guard !isClosed else { return }
        finishing = reason
        // The last word is how much was lost, even beyond the queue's limit.
        if unreportedDrops > 0 {
            queue += Self.dropNotice(unreportedDrops)
            unreportedDrops = 0
        }
        sendQueue()
    }

    /// `{"type":"dropped","lines":N}` and a newline.
    static func dropNotice(_ lines: Int) -> [UInt8] {
        Array(#"{"type":"dropped","lines":"#.utf8) + Array(String(lines).utf8) + [UInt8(ascii: "}"), 10]
    }

    /// Ends the stream now.
    func close(because reason: String) {
        guard !isClosed else { return }
        isClosed = true
        endReason = reason
        closeHandler?(self)
        closeHandler = nil
        writabilityHandler = nil
        queue.removeAll()
        socket.close()
    }

    /// Why the stream ended, once it has.
    private(set) var endReason: String?
    private var finishing: String?
}

/// The subscribers of a device as one sink of its pipeline: the jsonl report, each line
/// formatted once, into every subscriber's stream; written out after each of the session's
/// batches of input and after each interaction event (which may come from a timer, between
/// batches).
public final class SubscriberSink: SessionSink {
    /// The report.
    let report: JSONLinesSink
    /// The streams the report goes to.
    let fanOut: SubscriberFanOut

    init() {
        fanOut = SubscriberFanOut()
        report = JSONLinesSink(output: TextOutput(fanOut))
    }

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        report.receive(event, from: pipeline)
        if case .interaction = event { report.output.flush() }
    }

    /// Writes out what is buffered.
    func flush() { report.output.flush() }
}

/// The same bytes to several streams (each queues, sends or drops them on its own).
final class SubscriberFanOut: TextDestination {
    /// The streams, in the order they joined.
    private(set) var streams: [SubscriberStream] = []

    func add(_ stream: SubscriberStream) { streams.append(stream) }

    func remove(_ stream: SubscriberStream) { streams.removeAll { $0 === stream } }

    /// Writes `bytes` to every stream; false when one of them dropped them.
    func write(_ bytes: [UInt8]) -> Bool {
        var complete = true
        // A stream may end (and leave `streams`) while written to: the loop walks a copy.
        for stream in streams where !stream.write(bytes) { complete = false }
        return complete
    }
}
