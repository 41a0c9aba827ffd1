import ForceCore
import ForceDevices
import ForceRecording
@testable import ForceSession
import ForceSystem
import ForceTestSupport
import SystemPackage
import Testing

/// `UinputFrameWriter`'s queue and thread on a pipe instead of a uinput device, so they run on
/// any host and under ThreadSanitizer (`make tsan`): one thread enqueues while the writer's
/// thread takes frames, writes them and counts them.
@Suite struct UinputFrameWriterTests {
    /// The raw `input_event`s in `bytes` (24 bytes each on 64-bit Linux): type, code, value.
    static func events(in bytes: [UInt8]) -> [(type: UInt16, code: EventCode, value: Int32)] {
        stride(from: 0, to: bytes.count - 23, by: 24).map { start in
            let field = { (offset: Int, size: Int) in
                (0..<size).reduce(UInt32(0)) { $0 | UInt32(bytes[start + offset + $1]) << (8 * $1) }
            }
            return (UInt16(field(16, 2)), EventCode(UInt16(field(18, 2))), Int32(bitPattern: field(20, 4)))
        }
    }

    @Test func everyFrameIsWrittenOnceAndInOrderWhileFramesKeepComing() throws {
        let (reading, writing) = try FileDescriptor.pipe()
        defer { try? reading.close() }
        let writer = try UinputFrameWriter(output: UinputOutput(node: "/nonexistent/forcebridge-pipe", descriptor: writing), speed: .maximum)
        let thread = try WorkerThread { writer.run() }
        // Past 256 frames the queue drops what was taken; 2,000 frames of 2 events stay within
        // the pipe's 64 KiB, so the writer never waits for this thread to read.
        let count = 1_300
        for index in 0..<count {
            let time = Int64(index) * 1_000
            var frame = [InputEvent(time: time, type: .abs, code: AbsCode.x, value: Int32(index))]
            if index % 100 == 0 { frame.append(InputEvent(time: time, type: .syn, code: SynCode.dropped, value: 0)) }
            frame.append(.report(at: time))
            writer.enqueue(frame)
        }
        writer.close()
        #expect(waitUntil(seconds: 30) { writer.hasFinished })
        #expect(writer.written == count)
        #expect(writer.droppedMarkers == 13)
        #expect(writer.writeFailure == nil)
        writer.stop()
        thread.join()
        try writing.close()

        let events = Self.events(in: try FileSystem.contents(of: reading, limit: 1 << 20))
        // A lone SYN_REPORT first (the writer's warm-up), then each frame without its SYN_DROPPED.
        #expect(events.count == 1 + 2 * count)
        #expect(events.first.map { $0.type == 0 && $0.code == 0 } == true)
        let values = events.filter { $0.type == EventType.abs.rawValue }.map(\.value)
        #expect(values == (0..<Int32(count)).map { $0 })
        #expect(!events.contains { $0.type == 0 && $0.code == SynCode.dropped })
    }

    @Test func stoppingEndsAWriterThatWaitsForAFrameDueLater() throws {
        let (reading, writing) = try FileDescriptor.pipe()
        defer {
            try? reading.close()
            try? writing.close()
        }
        let writer = try UinputFrameWriter(output: UinputOutput(node: "/nonexistent/forcebridge-pipe", descriptor: writing), speed: .factor(1))
        let thread = try WorkerThread { writer.run() }
        // Frames a minute apart: after the first, the writer waits on its timer.
        for index in 0..<5 {
            let time = Int64(index) * 60_000_000
            writer.enqueue([InputEvent(time: time, type: .abs, code: AbsCode.x, value: Int32(index)), .report(at: time)])
        }
        #expect(waitUntil(seconds: 10) { writer.written == 1 })
        writer.stop()
        thread.join()
        #expect(writer.hasFinished)
        #expect(writer.written == 1)
        #expect(writer.writeFailure == nil)
    }
}
