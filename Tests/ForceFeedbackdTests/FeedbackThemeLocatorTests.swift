import Testing

@testable import ForceFeedbackd

/// Which theme is used: the same files feedbackd reads, parents resolved, ForceBridge's default
/// theme when there is nothing else.
@Suite struct FeedbackThemeLocatorTests {
    let environment = ["HOME": "/home/ada", "XDG_DATA_DIRS": "/usr/local/share:/usr/share"]

    func theme(_ name: String, parent: String? = nil, buttonDuration: Int) -> [UInt8] {
        let parentKey = parent.map { "\"parent-name\": \"\($0)\"," } ?? ""
        return Array("""
            { "name": "\(name)", \(parentKey) "profiles": [ { "name": "quiet", "feedbacks": [
              { "event-name": "button-pressed", "type": "VibraRumble", "duration": \(buttonDuration) },
              { "event-name": "x-\(name)", "type": "VibraRumble", "duration": 10 } ] } ] }
            """.utf8)
    }

    @Test func looksWhereFeedbackdLooks() {
        let locator = FeedbackThemeLocator(environment: environment)
        #expect(locator.userThemePaths == ["/home/ada/.config/feedbackd/themes/default.json"])
        #expect(locator.paths(forThemeNamed: "custom") == [
            "/home/ada/.config/feedbackd/themes/custom.json",
            "/usr/local/share/feedbackd/themes/custom.json",
            "/usr/share/feedbackd/themes/custom.json",
        ])
        let overridden = FeedbackThemeLocator(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/cfg", "FEEDBACK_THEME": "/t.json", "XDG_DATA_DIRS": "relative:/opt"])
        #expect(overridden.userThemePaths == ["/t.json", "/cfg/feedbackd/themes/default.json"])
        #expect(overridden.paths(forThemeNamed: "p") == ["/cfg/feedbackd/themes/p.json", "/opt/feedbackd/themes/p.json"])
    }

    @Test func withoutAUserThemeTheDefaultThemeIsUsed() throws {
        let resolved = try FeedbackThemeLocator(environment: environment).resolve { _ in nil }
        #expect(resolved.theme == DefaultFeedbackTheme.theme)
        #expect(resolved.files.isEmpty)
    }

    @Test func aUserThemeWithoutParentStandsAlone() throws {
        let files = ["/home/ada/.config/feedbackd/themes/default.json": theme("mine", buttonDuration: 40)]
        let resolved = try FeedbackThemeLocator(environment: environment).resolve { files[$0] }
        #expect(resolved.files == ["/home/ada/.config/feedbackd/themes/default.json"])
        #expect(resolved.theme.eventNames == ["button-pressed", "x-mine"])
    }

    @Test func parentsAreFoundAndMergedDownToTheDefaultTheme() throws {
        let files = [
            "/t.json": theme("mine", parent: "middle", buttonDuration: 40),
            "/usr/share/feedbackd/themes/middle.json": theme("middle", parent: "default", buttonDuration: 50),
        ]
        var environment = self.environment
        environment["FEEDBACK_THEME"] = "/t.json"
        let resolved = try FeedbackThemeLocator(environment: environment).resolve { files[$0] }
        #expect(resolved.files == ["/t.json", "/usr/share/feedbackd/themes/middle.json"])
        let quiet = try #require(resolved.theme.entries[.quiet])
        #expect(quiet["button-pressed"] == .rumble(VibraRumble(duration: 40)))
        #expect(quiet["x-middle"] != nil && quiet["x-mine"] != nil)
        #expect(quiet["phone-incoming-call"] == DefaultFeedbackTheme.theme.entries[.quiet]?["phone-incoming-call"])
        #expect(resolved.theme.name == "mine")
    }

    @Test func brokenChainsAreErrorsNamingTheFile() throws {
        let loop = [
            "/home/ada/.config/feedbackd/themes/default.json": theme("a", parent: "b", buttonDuration: 1),
            "/home/ada/.config/feedbackd/themes/b.json": theme("b", parent: "a", buttonDuration: 2),
            "/home/ada/.config/feedbackd/themes/a.json": theme("a", parent: "b", buttonDuration: 3),
        ]
        let locator = FeedbackThemeLocator(environment: environment)
        let cycle = try #require(throws: FeedbackThemeError.self) { try locator.resolve { loop[$0] } }
        #expect(cycle.message.contains("a → b → a"), "\(cycle)")
        let orphan = ["/home/ada/.config/feedbackd/themes/default.json": theme("a", parent: "gone", buttonDuration: 1)]
        let missing = try #require(throws: FeedbackThemeError.self) { try locator.resolve { orphan[$0] } }
        #expect(missing.description.hasPrefix("/home/ada/.config/feedbackd/themes/default.json: parent-name: no theme \"gone\""))
        let broken = ["/home/ada/.config/feedbackd/themes/default.json": Array("{ \"profiles\": [ }".utf8)]
        let syntax = try #require(throws: FeedbackThemeError.self) { try locator.resolve { broken[$0] } }
        #expect(syntax.description.hasPrefix("/home/ada/.config/feedbackd/themes/default.json:1:17: "), "\(syntax)")
    }
}
