import ForceTestSupport
import ForceView
import Testing

/// The page the binary serves is the one in Sources/ForceView/Page/.
@Suite struct ViewPageTests {
    @Test(arguments: [("/", "index.html"), ("/view.css", "view.css"), ("/view.js", "view.js"), ("/rate.html", "rate.html"),
                      ("/bounce.html", "bounce.html"), ("/apps.css", "apps.css"), ("/rate.js", "rate.js"), ("/bounce.js", "bounce.js"), ("/events.js", "events.js")])
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
        for kind in ViewPageKind.allCases {
            let served = try #require(ViewPage.file(at: "/", for: kind))
            let script = kind == .live ? "view.js" : "\(kind.rawValue).js"
            #expect(served.isPage && served.contents.contains("\(script)?token=\(ViewPage.tokenPlaceholder)"), "\(kind)")
        }
        // No network: nothing is loaded from anywhere but the view itself.
        for file in ViewPage.files { #expect(!file.contents.contains("https://"), "\(file.path)") }
    }
}
