import ForceTestSupport
import Foundation
import Testing
import ForceCore
@testable import ForceRecording

/// Damaged recordings (cut short, bytes changed) either read or fail with a `FILE:LINE` or
/// `FILE:` message; they never crash a reader.
@Suite("corrupted files")
struct CorruptedFileTests {
    static let sources = ["evemu-1.2-comments.evemu", "evtest-pen-quirks.txt", "evtest-old-kernel.txt", "touchscreen-cancel.yml"]

    @Test("truncated and altered copies never crash", arguments: sources)
    func damaged(source: String) throws {
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(source))))
        let folder = try TemporaryDirectory()
        var generator = SplitMix(seed: UInt64(source.utf8.count))
        let replacements: [UInt8] = Array(" \t\n#:-.,()[]{}\"0123456789abcxyzEN".utf8) + [0, 0xff]
        for round in 0..<60 {
            var bytes = original
            switch round % 3 {
            case 0:
                bytes.removeSubrange(Int(generator.next() % UInt64(bytes.count))...)
            case 1:
                for _ in 0..<4 {
                    bytes[Int(generator.next() % UInt64(bytes.count))] = replacements[Int(generator.next() % UInt64(replacements.count))]
                }
            default:
                let start = Int(generator.next() % UInt64(bytes.count))
                let length = min(bytes.count - start, Int(generator.next() % 200))
                bytes.removeSubrange(start..<(start + length))
            }
            let path = folder.path("damaged-\(round)-\(source)")
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            if let message = errorMessage(reading: path) {
                #expect(message.hasPrefix("\(path):"), "\(message)")
                #expect(!message.contains("\n"), "one line: \(message)")
            }
        }
    }
}
