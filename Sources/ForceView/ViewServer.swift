import Dispatch
import FlyingFox
import FlyingSocks
import ForceDevices
import ForceSystem
import Foundation
import Logging
import Synchronization

/// The view's HTTP server: the page's files and the `/events` WebSocket, each request checked
/// by `ViewAccess` first. Runs on Swift concurrency's threads, beside the session runtime's loop.
public final class ViewServer: Sendable {
    /// The address it listens on.
    public let address: String
    private let server: HTTPServer
    private let access: ViewAccessHolder
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// A server for `address`:`port` (0: any free port) serving `broadcast` to clients that
    /// carry `token`.
    public init(address: String = ViewAddress.loopback, port: UInt16 = 0, broadcast: ViewBroadcast,
                token: String = ViewAccess.makeToken()) throws {
        self.address = address
        let socketAddress: any SocketAddress = address.contains(":")
            ? try sockaddr_in6.inet6(ip6: address, port: port)
            : try sockaddr_in.inet(ip4: address, port: port)
        let access = ViewAccessHolder(token: token)
        self.access = access
        server = HTTPServer(address: socketAddress, timeout: 15, logger: .disabled,
                            handler: ViewRequestHandler(access: access, broadcast: broadcast))
    }

    /// Starts listening and returns the checks of the port it got (whose `pageURL()` is the page).
    /// Throws when the address cannot be bound.
    public func start() throws -> ViewAccess {
        let started = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<UInt16, any Error>?>(nil)
        // The first outcome counts: listening on a port, or `run()` failing (bind) first.
        let finish: @Sendable (Result<UInt16, any Error>) -> Void = { result in
            outcome.withLock { if $0 == nil { $0 = result } }
            started.signal()
        }
        let server = self.server
        let running = Task.detached {
            do { try await server.run() } catch { finish(.failure(error)) }
        }
        Task.detached {
            do {
                try await server.waitUntilListening(timeout: 10)
                switch await server.listeningAddress {
                case .ip4(_, let port)?, .ip6(_, let port)?: finish(.success(port))
                case .unix?, nil: finish(.failure(ViewServerError(address: self.address, reason: "no port")))
                }
            } catch {
                finish(.failure(error))
            }
        }
        task.withLock { $0 = running }
        started.wait()
        switch outcome.withLock({ $0 }) {
        case .success(let port)?:
            let checks = ViewAccess(token: access.token, address: address, port: port)
            access.set(checks)
            return checks
        case .failure(let error)?:
            throw ViewServerError(address: address, reason: "\(error)")
        case nil:
            throw ViewServerError(address: address, reason: "the server stopped before it listened")
        }
    }

    /// Stops listening and closes every connection.
    public func stop() {
        let server = self.server
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await server.stop(timeout: 1)
            done.signal()
        }
        done.wait()
        task.withLock { $0?.cancel() }
    }
}

/// The server could not listen.
public struct ViewServerError: Error, CustomStringConvertible {
    /// The address asked for.
    public var address: String
    /// What went wrong.
    public var reason: String

    public var description: String { "cannot serve the view on \(address): \(reason)" }
}

/// The checks, set once the port is known; until then every request is refused.
final class ViewAccessHolder: Sendable {
    let token: String
    private let checks = Mutex<ViewAccess?>(nil)

    init(token: String) { self.token = token }

    var current: ViewAccess? { checks.withLock { $0 } }

    func set(_ access: ViewAccess) { checks.withLock { $0 = access } }
}
