/// Who may read the view: the checks every request and the WebSocket upgrade pass before
/// anything is served. A page on localhost that streams touch positions would let any web site
/// read an on-screen keyboard, so:
/// - the peer must be on the loopback interface, unless the view was bound to another address
///   on purpose (`allowsRemotePeers`);
/// - the `Host` header must name the view itself (a loopback name, or the address it was bound
///   to), which defeats DNS rebinding;
/// - the `token` query parameter must carry the view's random token, on every request;
/// - an `Origin`, when a browser sends one (always on a WebSocket upgrade, which must carry it),
///   must be the view's own.
public struct ViewAccess: Sendable {
    /// Why a request was refused; `status` is the HTTP status it gets.
    public enum Refusal: Error, Equatable, Sendable {
        /// The peer is not on the loopback interface.
        case peerNotLoopback(String)
        /// `Host` is missing or names another server.
        case foreignHost(String?)
        /// No `token` query parameter.
        case missingToken
        /// A `token` that is not the view's.
        case wrongToken
        /// An `Origin` that is not the view's (or none on a WebSocket upgrade).
        case foreignOrigin(String?)

        /// The HTTP status of the refusal.
        public var status: Int {
            switch self {
            case .missingToken: return 401
            case .peerNotLoopback, .foreignHost, .wrongToken, .foreignOrigin: return 403
            }
        }

        /// One line saying why (the response's body; the token is never repeated).
        public var reason: String {
            switch self {
            case .peerNotLoopback(let peer): return "refused: \(peer) is not on the loopback interface"
            case .foreignHost(let host): return "refused: Host \(host.map { "'\($0)'" } ?? "missing") is not this view"
            case .missingToken: return "refused: the URL has no token; open the URL forcebridge view printed"
            case .wrongToken: return "refused: wrong token; open the URL forcebridge view printed"
            case .foreignOrigin(let origin): return "refused: Origin \(origin.map { "'\($0)'" } ?? "missing") is not this view"
            }
        }
    }

    /// The secret every request carries (`?token=`).
    public let token: String
    /// The port the view listens on.
    public let port: UInt16
    /// The host names the view answers to (`127.0.0.1`, `localhost`, `[::1]`, and the bound
    /// address when it is another one).
    public let hosts: [String]
    /// Whether peers off the loopback interface are served (the view was bound to such an
    /// address on purpose).
    public let allowsRemotePeers: Bool

    /// The checks of a view listening on `address`:`port` with `token`.
    public init(token: String, address: String, port: UInt16) {
        self.token = token
        self.port = port
        var hosts = ["127.0.0.1", "localhost", "[::1]"]
        let bound = address.contains(":") ? "[\(address)]" : address
        if !hosts.contains(bound) && !ViewAddress.isLoopback(address) { hosts.append(bound) }
        self.hosts = hosts
        allowsRemotePeers = !ViewAddress.isLoopback(address)
    }

    /// A new random token: 128 bits from the system's generator, as 32 hexadecimal digits.
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let words = [generator.next(), generator.next()] as [UInt64]
        return words.map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// The URL of the page on `host` (the first of `hosts` by default).
    public func pageURL(host: String? = nil) -> String {
        "http://\(host ?? hosts[0]):\(port)/?token=\(token)"
    }

    /// Checks a request: `peer` is the remote IP address (nil when unknown), `host`,
    /// `origin` and `token` what the request carried, `isUpgrade` whether it asks for the
    /// WebSocket. Returns nil when it may be served.
    public func refusal(peer: String?, host: String?, origin: String?, token: String?, isUpgrade: Bool) -> Refusal? {
        if !allowsRemotePeers {
            guard let peer, ViewAddress.isLoopback(peer) else { return .peerNotLoopback(peer ?? "an unknown peer") }
        }
        guard let host, hosts.contains(where: { host == "\($0):\(port)" }) else { return .foreignHost(host) }
        guard let token else { return .missingToken }
        guard Self.constantTimeEqual(token, self.token) else { return .wrongToken }
        if let origin {
            guard hosts.contains(where: { origin == "http://\($0):\(port)" }) else { return .foreignOrigin(origin) }
        } else if isUpgrade {
            return .foreignOrigin(nil)
        }
        return nil
    }

    /// Compares without stopping at the first difference, so response times say nothing of the token.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
