import FlyingFox
import ForceDevices
import ForceSystem
import Foundation
import Logging

/// Answers one request: refused unless `ViewAccess` lets it through, then the page, one of its
/// files, or the `/events` WebSocket.
struct ViewRequestHandler: HTTPHandler {
    let access: ViewAccessHolder
    let broadcast: ViewBroadcast

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let access = access.current else { return Self.text(503, "the view is starting") }
        let peer: String?
        switch request.remoteAddress {
        case .ip4(let ip, _)?, .ip6(let ip, _)?: peer = ip
        case .unix?, nil: peer = nil
        }
        let isUpgrade = request.headers[.upgrade]?.lowercased() == "websocket"
        let token = request.query.first { $0.name == "token" }?.value
        if let refusal = access.refusal(peer: peer, host: request.headers[.host], origin: request.headers[HTTPHeader("Origin")],
                                        token: token, isUpgrade: isUpgrade) {
            Logger.view.notice("request refused", metadata: [
                "path": "\(request.path)", "peer": "\(peer ?? "unknown")", "status": "\(refusal.status)",
            ])
            return Self.text(refusal.status, refusal.reason)
        }
        guard request.method == .GET else { return Self.text(405, "only GET is served") }
        if request.path == "/events" {
            guard isUpgrade else { return Self.text(400, "/events is a WebSocket") }
            return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: ViewMessageHandler(broadcast: broadcast)))
                .handleRequest(request)
        }
        guard let file = ViewPage.file(at: request.path) else { return Self.text(404, "no such file") }
        var headers = Self.commonHeaders
        headers[.contentType] = file.contentType
        // The page may talk to this view's WebSocket and load its own files, nothing else.
        let host = request.headers[.host] ?? ""
        headers[HTTPHeader("Content-Security-Policy")] =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src ws://\(host); frame-ancestors 'none'"
        let body = file.isPage ? file.contents.replacingOccurrences(of: ViewPage.tokenPlaceholder, with: access.token) : file.contents
        return HTTPResponse(statusCode: HTTPStatusCode(200, phrase: "OK"), headers: headers, body: Data(body.utf8))
    }

    /// Headers of every answer: nothing cached, no token in a `Referer`, types as declared.
    static let commonHeaders: HTTPHeaders = [
        .cacheControl: "no-store",
        HTTPHeader("Referrer-Policy"): "no-referrer",
        HTTPHeader("X-Content-Type-Options"): "nosniff",
    ]

    static func text(_ status: Int, _ message: String) -> HTTPResponse {
        var headers = commonHeaders
        headers[.contentType] = "text/plain; charset=utf-8"
        let phrase = [200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
                      405: "Method Not Allowed", 503: "Service Unavailable"][status] ?? "Error"
        return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: phrase), headers: headers, body: Data((message + "\n").utf8))
    }
}
