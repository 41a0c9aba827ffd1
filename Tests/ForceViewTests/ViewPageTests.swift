import ForceTestSupport
import ForceView
import Testing

/// The page the binary serves is the one in Sources/ForceView/Page/.
@Suite struct ViewPageTests {
    @Test(arguments: [("/", "index.html"), ("/view.css", "view.css"), ("/view.js", "view.js")])
    func embeddedFileMatchesItsSource(path: String, file: String) throws {
        let source = try Repository.text("Sources/ForceView/Page/" + file)
        let embedded = try #require(ViewPage.file(at: path))
        #expect(embedded.contents == source, "run Scripts/embed-view-page.py after editing Page/\(file)")
    }

    @Test func thePageAsksForItsFilesWithTheToken() throws {
        let page = try #require(ViewPage.file(at: "/"))
        #expect(page.isPage)
        #expect(page.contents.contains("view.js?token=\(ViewPage.tokenPlaceholder)"))
        #expect(page.contents.contains("view.css?token=\(ViewPage.tokenPlaceholder)"))
        // No network: nothing is loaded from anywhere but the view itself.
        for file in ViewPage.files { #expect(!file.contents.contains("https://"), "\(file.path)") }
    }
}
