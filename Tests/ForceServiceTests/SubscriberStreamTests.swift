@testable import ForceService
import ForceDevices
import ForceTestSupport
import Glibc
import SystemPackage
import Testing

/// A subscriber's stream: lines the client does not read wait in a bounded queue, then are
/// dropped and counted, and the client learns how many before the next line it gets; the
/// stream ends after its last lines.
struct SubscriberStreamTests {
    static func line(_ index: Int) -> [UInt8] {
        Array(#"{"type":"touch","id":\#(index),"padding":"\#(String(repeating: "x", count: 80))"}"#.utf8) + [10]
    }

    /// Reads everything the remote end has until the stream ends.
    static func readAll(_ descriptor: FileDescriptor) throws -> [String] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func aClientThatDoesNotReadLosesCountedLinesAndGetsTheEnd() throws {
        let stream = try SubscriberStream(client: ":1.1", bufferSize: 4096)
        let remote = try #require(stream.socket.remote).duplicate()
        defer { try? remote.close() }
        stream.socket.closeRemote()
        var accepted = 0
        for index in 0..<2000 where stream.write(Self.line(index)) { accepted += 1 }
        #expect(stream.droppedLines > 0)
        #expect(accepted + stream.droppedLines == 2000)
        // The client reads now: what waited comes, then the notice, then the next line.
        var lines: [String] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while case let count = try chunk.withUnsafeMutableBytes({ try remote.read(into: $0, retryOnInterrupt: true) }), count > 0 {
            lines += String(decoding: chunk[0..<count], as: UTF8.self).split(separator: "\n").map(String.init)
            stream.sendQueue()
            if lines.count >= accepted { break }
        }
        #expect(lines.count == accepted)
        #expect(stream.write(Self.line(2000)))
        stream.finish(because: "test")
        let rest = try Self.readAll(remote)
        #expect(rest == [#"{"type":"dropped","lines":\#(stream.droppedLines)}"#, String(decoding: Self.line(2000).dropLast(), as: UTF8.self)])
        #expect(stream.isClosed)
    }

    @Test func theStreamEndsWhenTheClientCloses() throws {
        let stream = try SubscriberStream(client: ":1.2")
        var reason: String?
        stream.closeHandler = { reason = $0.endReason }
        stream.socket.closeRemote()
        stream.socketIsReady()
        #expect(stream.isClosed && reason == "the client closed it")
        #expect(!stream.write(Self.line(0)))
    }
}
