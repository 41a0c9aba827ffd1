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

/// Which page the view serves at `/`: the live view of touches, force and interactions, or one
/// of the seed's apps on the same session.
public enum ViewPageKind: String, Sendable, CaseIterable {
    /// Touches, force strips, interaction state and haptics (`forcebridge view`).
    case live
    /// EmojiRater (`forcebridge view --rate`, `RatingPage`).
    case rate
    /// HapticBounce (`forcebridge view --bounce`, `BouncePage`).
    case bounce
}

/// The page's files (`Sources/ForceView/Page/`, embedded by `Scripts/embed-view-page.py`).
public enum ViewPage {
    /// Replaced by the view's token in the page, so its script and style sheet are requested
    /// with it.
    public static let tokenPlaceholder = "__FORCEBRIDGE_TOKEN__"

    /// Every file, by path: each kind's page (`/` serves the one shown), the style sheets and scripts.
    public static let files: [ViewPageFile] = [
        ViewPageFile(path: "/", contentType: "text/html; charset=utf-8", contents: indexHTML, isPage: true),
        ViewPageFile(path: "/rate.html", contentType: "text/html; charset=utf-8", contents: rateHTML, isPage: true),
        ViewPageFile(path: "/bounce.html", contentType: "text/html; charset=utf-8", contents: bounceHTML, isPage: true),
        ViewPageFile(path: "/view.css", contentType: "text/css; charset=utf-8", contents: viewCSS, isPage: false),
        ViewPageFile(path: "/view.js", contentType: "text/javascript; charset=utf-8", contents: viewJS, isPage: false),
        ViewPageFile(path: "/apps.css", contentType: "text/css; charset=utf-8", contents: appsCSS, isPage: false),
        ViewPageFile(path: "/rate.js", contentType: "text/javascript; charset=utf-8", contents: rateJS, isPage: false),
        ViewPageFile(path: "/events.js", contentType: "text/javascript; charset=utf-8", contents: eventsJS, isPage: false),
        ViewPageFile(path: "/bounce.js", contentType: "text/javascript; charset=utf-8", contents: bounceJS, isPage: false),
    ]

    /// The file at `path`, nil when there is none; `/` is the page of `kind`.
    public static func file(at path: String, for kind: ViewPageKind = .live) -> ViewPageFile? {
        let served = path == "/" && kind != .live ? "/\(kind.rawValue).html" : path
        return files.first { $0.path == served }
    }
}
