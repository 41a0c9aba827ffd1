import ForceView
import Testing

/// `ViewAccess`: which requests the view serves.
@Suite struct ViewAccessTests {
    let access = ViewAccess(token: "0123456789abcdef0123456789abcdef", address: "127.0.0.1", port: 8123)
    let token = "0123456789abcdef0123456789abcdef"

    @Test func servesTheViewsOwnRequests() {
        #expect(access.refusal(peer: "127.0.0.1", host: "127.0.0.1:8123", origin: nil, token: token, isUpgrade: false) == nil)
        #expect(access.refusal(peer: "::1", host: "localhost:8123", origin: "http://localhost:8123", token: token, isUpgrade: true) == nil)
        #expect(access.refusal(peer: "::ffff:127.0.0.1", host: "[::1]:8123", origin: "http://127.0.0.1:8123", token: token, isUpgrade: true) == nil)
    }

    @Test func refusesAMissingOrWrongToken() {
        #expect(access.refusal(peer: "127.0.0.1", host: "127.0.0.1:8123", origin: nil, token: nil, isUpgrade: false) == .missingToken)
        #expect(access.refusal(peer: "127.0.0.1", host: "127.0.0.1:8123", origin: nil, token: "0123", isUpgrade: false) == .wrongToken)
        #expect(access.refusal(peer: "127.0.0.1", host: "127.0.0.1:8123", origin: nil, token: token.uppercased(), isUpgrade: false) == .wrongToken)
        #expect(ViewAccess.Refusal.missingToken.status == 401)
        #expect(ViewAccess.Refusal.wrongToken.status == 403)
        #expect(!ViewAccess.Refusal.wrongToken.reason.contains(token))
    }

    @Test func refusesAForeignOriginAndAnUpgradeWithoutOne() {
        #expect(access.refusal(peer: "127.0.0.1", host: "127.0.0.1:8123", origin: "http://evil.example", token: token, isUpgrade: true)
            == .foreignOrigin("http://evil.example"))
        #expect(access.refusal(peer: "127.0.0.1", host: "127.0.0.1:8123", origin: "http://127.0.0.1:9999", token: token, isUpgrade: false)
            == .foreignOrigin("http://127.0.0.1:9999"))
        #expect(access.refusal(peer: "127.0.0.1", host: "127.0.0.1:8123", origin: nil, token: token, isUpgrade: true) == .foreignOrigin(nil))
    }

    @Test func refusesAForeignHostAgainstDNSRebinding() {
        #expect(access.refusal(peer: "127.0.0.1", host: "evil.example:8123", origin: nil, token: token, isUpgrade: false)
            == .foreignHost("evil.example:8123"))
        #expect(access.refusal(peer: "127.0.0.1", host: nil, origin: nil, token: token, isUpgrade: false) == .foreignHost(nil))
        #expect(access.refusal(peer: "127.0.0.1", host: "127.0.0.1", origin: nil, token: token, isUpgrade: false) == .foreignHost("127.0.0.1"))
    }

    @Test func refusesPeersOffLoopbackUnlessBoundElsewhere() {
        #expect(access.refusal(peer: "192.0.2.7", host: "127.0.0.1:8123", origin: nil, token: token, isUpgrade: false)
            == .peerNotLoopback("192.0.2.7"))
        #expect(access.refusal(peer: nil, host: "127.0.0.1:8123", origin: nil, token: token, isUpgrade: false)
            == .peerNotLoopback("an unknown peer"))
        let open = ViewAccess(token: token, address: "192.0.2.2", port: 8123)
        #expect(open.allowsRemotePeers)
        #expect(open.refusal(peer: "192.0.2.7", host: "192.0.2.2:8123", origin: "http://192.0.2.2:8123", token: token, isUpgrade: true) == nil)
        #expect(open.refusal(peer: "192.0.2.7", host: "192.0.2.2:8123", origin: nil, token: nil, isUpgrade: false) == .missingToken)
    }

    @Test func loopbackAddresses() {
        for address in ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "::ffff:127.0.0.1"] {
            #expect(ViewAddress.isLoopback(address), "\(address)")
        }
        for address in ["0.0.0.0", "192.0.2.2", "::", "128.0.0.1", "127.0.0", "127.0.0.1.5", "fd00::2", ""] {
            #expect(!ViewAddress.isLoopback(address), "\(address)")
        }
    }

    @Test func tokensAreRandomAndLong() {
        let tokens = Set((0..<64).map { _ in ViewAccess.makeToken() })
        #expect(tokens.count == 64)
        #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }
}
