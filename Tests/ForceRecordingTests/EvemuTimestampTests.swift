import ForceCore
import Testing
@testable import ForceRecording

/// evemu timestamps whose microseconds do not fit an `Int64` are an error, not a crash.
@Suite struct EvemuTimestampTests {
    static func parse(_ line: String) throws -> InputEvent {
        let bytes = Array(line.utf8)
        return try LineReader.Line.withBytes(of: bytes) { try EvemuReader.parseEvent($0, path: "big.evemu", line: 7) }
    }

    @Test func largestTimestampParses() throws {
        let event = try Self.parse("E: 9223372036854.775807 0000 0000 0000")
        #expect(event.time == Int64.max)
    }

    @Test(arguments: [
        "E: 9223372036854.775808 0000 0000 0000",
        "E: 9223372036855.000000 0000 0000 0000",
        "E: 123456789012345678.5 0003 0035 1",
    ])
    func overflowingTimestampIsAnError(line: String) throws {
        let error = try #require(throws: RecordingError.self) { try Self.parse(line) }
        let seconds = line.split(separator: " ")[1]
        #expect(error.description == "big.evemu:7: expected a timestamp of at most 9223372036854 seconds, found '\(seconds)'")
    }
}
