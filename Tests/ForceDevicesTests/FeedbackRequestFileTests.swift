import ForceCore
@testable import ForceDevices
import ForceTestSupport
import Testing

/// What `haptic play` plays: a feedback named in words, or an AHAP file read and decoded; a
/// word that is neither, a folder, a missing or a malformed file told apart.
struct FeedbackRequestFileTests {
    @Test func wordsOrAFile() throws {
        let (selection, none) = try FeedbackRequest.load(["selection"], intensity: 1)
        #expect(selection.name == FeedbackRequest.selection.name && none.isEmpty)
        let directory = try TemporaryDirectory()
        let file = try directory.write(#"{"Pattern":[{"Event":{"EventType":"HapticTransient","Time":0}}]}"#, to: "tap.ahap")
        let (pattern, _) = try FeedbackRequest.load([file], intensity: 1)
        guard case .pattern(let path, _) = pattern else { Issue.record("\(pattern.name) is not the file's pattern"); return }
        #expect(path == file)
    }

    @Test func whatIsWrongIsToldApart() throws {
        let directory = try TemporaryDirectory()
        let broken = try directory.write("{", to: "broken.ahap")
        func failure(_ words: [String]) -> String? {
            do { _ = try FeedbackRequest.load(words, intensity: 1); return nil } catch { return "\(error)" }
        }
        #expect(failure(["tap"]) == "'tap' is neither a feedback (impact, notification, selection) nor a file")
        #expect(failure([directory.path]) == "\(directory.path): is a folder, not an AHAP file")
        #expect(failure([directory.path("gone.ahap")]) == "\(directory.path("gone.ahap")): no such file")
        #expect(failure(["impact", "loud"])?.hasPrefix("'loud' is not an impact style") == true)
        #expect(failure([broken])?.hasPrefix(broken) == true)
    }
}
