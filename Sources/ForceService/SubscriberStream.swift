import ForceCore
import ForceDevices
import ForceSession

/// One subscriber of a device's session: the session's lines (`replay --format jsonl`) written
/// to a socket the client received over the bus. Writing never waits: whatever does not fit in
/// the socket's buffer while the client is not reading is dropped, line by line, and counted; the
/// next line that fits is preceded by `{"type":"dropped","lines":N}`. A client that closed its
/// end is noticed at the next write (or when the socket reports it) and the stream ends.
public final class SubscriberStream: TextDestination {
    /// The client (its unique bus name) that subscribed.
    public let client: String
    /// The socket.
    public let socket: StreamSocket
    /// Lines dropped so far because the client did not read.
    public private(set) var droppedLines = 0
    /// Whether the client went away.
    public private(set) var isClosed = false
    /// Called once when the client closed its end.
    var closeHandler: ((SubscriberStream) -> Void)?
    /// The sink attached to the device's pipeline.
    private(set) lazy var sink = SubscriberSink(stream: self)

    /// Lines dropped and not yet reported on the stream.
    private var unreportedDrops = 0
    /// The tail of a line that went out only in part: it must go out before anything else.
    private var pending: [UInt8] = []

    /// A stream to `client` over a new socket of `bufferSize` bytes.
    public init(client: String, bufferSize: Int? = nil) throws(DeviceError) {
        self.client = client
        socket = try StreamSocket(bufferSize: bufferSize)
    }

    /// Writes whole lines (what `TextOutput` hands over): as many as fit; the others are dropped.
    public func write(_ bytes: [UInt8]) -> Bool {
        guard !isClosed else { return false }
        if unreportedDrops > 0 {
            var notice = Array(#"{"type":"dropped","lines":"#.utf8)
            notice += Array(String(unreportedDrops).utf8) + [UInt8(ascii: "}"), 10]
            guard send(notice) else {
                countDrops(in: bytes[...])
                return false
            }
            unreportedDrops = 0
        }
        guard send(bytes) else { return false }
        return true
    }

    /// Sends `bytes` (whole lines) after what is left of an earlier line. Returns whether all of
    /// them went out; of the others, a line that went out in part is kept to finish first, and
    /// the lines after it are counted as dropped.
    private func send(_ bytes: [UInt8]) -> Bool {
        guard flushPending() else {
            countDrops(in: bytes[...])
            return false
        }
        switch bytes.withUnsafeBytes({ socket.send($0) }) {
        case .sent(let count) where count == bytes.count:
            return true
        case .sent(let count):
            let lineEnd = bytes[count...].firstIndex(of: 10).map { $0 + 1 } ?? bytes.count
            if count > 0 && bytes[count - 1] != 10 { pending = Array(bytes[count..<lineEnd]) }
            countDrops(in: bytes[(pending.isEmpty ? count : lineEnd)...])
            return false
        case .full:
            countDrops(in: bytes[...])
            return false
        case .closed:
            close()
            return false
        }
    }

    /// The client's end closed (or the socket failed): ends the stream.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        closeHandler?(self)
    }

    /// Sends the rest of a line that went out in part; true when nothing is left of it.
    private func flushPending() -> Bool {
        guard !pending.isEmpty else { return true }
        switch pending.withUnsafeBytes({ socket.send($0) }) {
        case .sent(let count):
            pending.removeFirst(count)
            return pending.isEmpty
        case .full:
            return false
        case .closed:
            close()
            return false
        }
    }

    private func countDrops(in bytes: ArraySlice<UInt8>) {
        var lines = 0
        for byte in bytes where byte == 10 { lines += 1 }
        droppedLines += lines
        unreportedDrops += lines
    }
}

/// The sink a `SubscriberStream` attaches to its device's pipeline: the jsonl report, written
/// out after each of the session's batches of input and after each interaction event (which
/// may come from a timer, between batches).
public final class SubscriberSink: SessionSink {
    /// The report.
    let report: JSONLinesSink
    unowned let stream: SubscriberStream

    init(stream: SubscriberStream) {
        self.stream = stream
        report = JSONLinesSink(output: TextOutput(stream))
    }

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        report.receive(event, from: pipeline)
        if case .interaction = event { report.output.flush() }
    }

    /// Writes out what is buffered.
    func flush() { report.output.flush() }
}
