/// One file of the page, served from the binary.
public struct ViewPageFile: Sendable {
    /// Its path in the URL.
    public var path: String
    /// Its `Content-Type`.
    public var contentType: String
    /// Its text.
    public var contents: String
    /// Whether it is the page itself, whose links carry the token (`ViewPage.tokenPlaceholder`).
    public var isPage: Bool
}

/// The page's files (`Sources/ForceView/Page/`, embedded by `Scripts/embed-view-page.py`).
public enum ViewPage {
    /// Replaced by the view's token in the page, so its script and style sheet are requested
    /// with it.
    public static let tokenPlaceholder = "__FORCEBRIDGE_TOKEN__"

    /// Every file, by path.
    public static let files: [ViewPageFile] = [
        ViewPageFile(path: "/", contentType: "text/html; charset=utf-8", contents: indexHTML, isPage: true),
        ViewPageFile(path: "/view.css", contentType: "text/css; charset=utf-8", contents: viewCSS, isPage: false),
        ViewPageFile(path: "/view.js", contentType: "text/javascript; charset=utf-8", contents: viewJS, isPage: false),
    ]

    /// The file at `path`, nil when there is none.
    public static func file(at path: String) -> ViewPageFile? {
        files.first { $0.path == path }
    }
}
