import ForceCore
import Testing

/// What `haptic play`'s words name: a generator's feedback, or a file; and why words name nothing.
struct FeedbackRequestTests {
    private func feedback(_ words: [String], intensity: Double = 1) throws -> FeedbackRequest? {
        if case .feedback(let request) = try FeedbackRequest.parse(words, intensity: intensity) { return request }
        return nil
    }

    @Test func feedbackNamedInWords() throws {
        let impact = try #require(try feedback(["impact", "heavy"], intensity: 0.5))
        #expect(impact.name == "impact heavy at intensity 0.5" && impact.priority == .impact)
        #expect(impact.pattern == FeedbackPatterns.impact(.heavy, intensity: 0.5))
        #expect(try feedback(["impact"])?.name == "impact medium")
        let notification = try #require(try feedback(["notification", "error"]))
        #expect(notification.name == "notification error" && notification.priority == .notification)
        #expect(try feedback(["selection"])?.pattern == FeedbackPatterns.selection)
        guard case .file(let path) = try FeedbackRequest.parse(["tick.ahap"], intensity: 1) else {
            Issue.record("not a file")
            return
        }
        #expect(path == "tick.ahap")
    }

    @Test(arguments: [
        ([], "Say what to play: impact light|medium|heavy|soft|rigid, notification success|warning|error, selection, or FILE.ahap."),
        (["impact", "a", "b"], "impact takes one style (light|medium|heavy|soft|rigid), not 2."),
        (["impact", "loud"], "'loud' is not an impact style; use light|medium|heavy|soft|rigid."),
        (["notification"], "notification needs a type: success|warning|error."),
        (["notification", "oops", "now"], "'oops now' is not a notification type; use success|warning|error."),
        (["selection", "x"], "selection takes no argument."),
        (["tick.ahap", "x"], "Unexpected 'x' after tick.ahap."),
    ])
    func wordsThatNameNothing(words: [String], message: String) {
        do {
            _ = try FeedbackRequest.parse(words, intensity: 1)
            Issue.record("\(words) accepted")
        } catch {
            #expect(error.description == message)
        }
    }
}
