import Foundation
import Testing
@testable import ForceRecording

/// LineReader: line endings, the last line, the line length limit, and long files whose lines
/// straddle the reader's buffer refills.
@Suite struct LineReaderTests {
    /// Writes `bytes` to a new temporary file and returns its path.
    static func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("linereader-\(UUID().uuidString).txt").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func lines(of path: String) throws -> [String] {
        let reader = try LineReader(path: path)
        var lines: [String] = []
        while let line = try reader.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }

    @Test func lineEndingsAndTheLastLine() throws {
        let path = try Self.file(Array("one\ntwo\r\n\nfour".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Self.lines(of: path) == ["one", "two", "", "four"])
    }

    @Test func emptyFileHasNoLines() throws {
        let path = try Self.file([])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Self.lines(of: path).isEmpty)
    }

    @Test(arguments: [true, false])
    func linesUpToTheLimitAreRead(endsWithNewline: Bool) throws {
        let longest = LineReader.chunkSize - 1
        let path = try Self.file(Array("a\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: longest) + (endsWithNewline ? [10] : []))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines = try Self.lines(of: path)
        #expect(lines.count == 2)
        #expect(lines.last?.utf8.count == longest)
    }

    @Test(arguments: [true, false])
    func longerLineIsAnError(endsWithNewline: Bool) throws {
        let path = try Self.file(Array("a\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: LineReader.chunkSize) + (endsWithNewline ? [10] : []))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try LineReader(path: path)
        #expect(try reader.nextLine()?.count == 1)
        let error = try #require(throws: RecordingError.self) { try reader.nextLine() }
        #expect(error.description == "\(path):2: expected a line shorter than 1048576 bytes, found a longer one (is this a binary file?)")
    }

    /// Several buffers' worth, with lines of varying length that straddle refills.
    @Test func longFileReadsEveryLineIntact() throws {
        var bytes: [UInt8] = []
        var expected: [String] = []
        var index = 0
        while bytes.count < 3 * LineReader.chunkSize + 12_345 {
            let line = "\(index) " + String(repeating: "#", count: index % 97)
            expected.append(line)
            bytes += Array(line.utf8) + [10]
            index += 1
        }
        let path = try Self.file(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try LineReader(path: path)
        var count = 0
        while let line = try reader.nextLine() {
            #expect(String(decoding: line, as: UTF8.self) == expected[count])
            count += 1
        }
        #expect(count == expected.count)
        #expect(reader.lineNumber == expected.count)
    }
}
