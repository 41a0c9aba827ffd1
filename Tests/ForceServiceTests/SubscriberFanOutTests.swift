@testable import ForceService
import ForceSession
import Glibc
import SystemPackage
import Testing

/// A device's subscribers share one report: each line is formatted once and written to every
/// stream, and each stream queues, drops or ends on its own.
struct SubscriberFanOutTests {
    /// A line of about a kilobyte: few enough writes that the reading stream's socket holds
    /// them all, enough bytes that the stalled one's small buffer cannot.
    static func line(_ index: Int) -> [UInt8] {
        Array(#"{"type":"touch","id":\#(index),"padding":"\#(String(repeating: "x", count: 1000))"}"#.utf8)
    }

    @Test func everyStreamGetsTheLinesAndASlowOneSlowsNoOther() throws {
        let fanOut = SubscriberFanOut()
        let reading = try SubscriberStream(client: ":1.1")
        let stalled = try SubscriberStream(client: ":1.2", bufferSize: 4096)
        let readingEnd = try #require(reading.socket.remote).duplicate()
        let stalledEnd = try #require(stalled.socket.remote).duplicate()
        defer {
            try? readingEnd.close()
            try? stalledEnd.close()
        }
        reading.socket.closeRemote()
        stalled.socket.closeRemote()
        fanOut.add(reading)
        fanOut.add(stalled)
        let output = TextOutput(fanOut)
        for index in 0..<60 {
            output.line(Self.line(index))
            output.flush()
            reading.sendQueue()
        }
        reading.finish(because: "test")
        let lines = try SubscriberStreamTests.readAll(readingEnd)
        #expect(lines.count == 60)
        #expect(lines.last == String(decoding: Self.line(59), as: UTF8.self))
        #expect(stalled.droppedLines > 0, "the stalled stream kept everything: the test wrote too little")
        #expect(reading.droppedLines == 0)
    }

    @Test func aStreamThatEndedLeavesTheOthers() throws {
        let fanOut = SubscriberFanOut()
        let first = try SubscriberStream(client: ":1.3")
        let second = try SubscriberStream(client: ":1.4")
        for stream in [first, second] { stream.closeHandler = { fanOut.remove($0) } }
        let secondEnd = try #require(second.socket.remote).duplicate()
        defer { try? secondEnd.close() }
        first.socket.closeRemote()
        second.socket.closeRemote()
        fanOut.add(first)
        fanOut.add(second)
        first.socketIsReady()
        #expect(first.isClosed)
        #expect(fanOut.streams.count == 1 && fanOut.streams.first === second)
        #expect(fanOut.write(SubscriberStreamTests.line(0)))
        second.finish(because: "test")
        #expect(try SubscriberStreamTests.readAll(secondEnd) == [String(decoding: SubscriberStreamTests.line(0).dropLast(), as: UTF8.self)])
    }
}
