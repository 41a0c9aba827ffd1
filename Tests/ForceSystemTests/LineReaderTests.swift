import ForceSystem
import SystemPackage
import Testing

/// A line reader over a real socket pair: whole lines as they complete, a line's start kept
/// until its end, never waiting, and the end of the stream with its last lines.
@Suite("line reader")
struct LineReaderTests {
    /// A reader of `socket`'s remote end (a copy of it, as a client receives it over the bus).
    static func reader(of socket: StreamSocket) throws -> LineReader {
        let reader = LineReader(taking: try #require(socket.remote).duplicate())
        socket.closeRemote()
        return reader
    }

    @Test func linesCompleteAcrossReadsAndTheEndIsReported() throws {
        let socket = try StreamSocket()
        let reader = try Self.reader(of: socket)
        #expect(reader.readAvailable() == .lines([]), "nothing written: no wait, no line")
        #expect(socket.send(Array("{\"a\":1}\n{\"b\"".utf8)) == .sent(12))
        #expect(reader.readAvailable() == .lines([#"{"a":1}"#]))
        #expect(socket.send(Array(":2}\n\n\u{e9}\n".utf8)) == .sent(8))
        #expect(reader.readAvailable() == .lines([#"{"b":2}"#, "", "\u{e9}"]))
        #expect(socket.send(Array("last\nunfinished".utf8)) == .sent(15))
        socket.close()
        #expect(reader.readAvailable() == .ended(["last"]), "a line without its end is not a line")
        #expect(reader.readAvailable() == .ended([]))
    }

    @Test func aLongStreamIsReadWhole() throws {
        let socket = try StreamSocket()
        let reader = try Self.reader(of: socket)
        let line = String(repeating: "x", count: 1000)
        var read: [String] = []
        for _ in 0..<300 {
            #expect(socket.send(Array((line + "\n").utf8)) == .sent(1001))
            if case .lines(let lines) = reader.readAvailable() { read += lines }
        }
        socket.close()
        if case .ended(let lines) = reader.readAvailable() { read += lines }
        #expect(read == Array(repeating: line, count: 300))
    }
}
