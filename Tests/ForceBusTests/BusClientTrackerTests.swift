import ForceTestSupport
import Glibc
import Testing

@testable import ForceBus

/// Peer tracking on a private bus (`dbus-daemon`): the tracker says once when a client it
/// follows leaves, nothing of the others, and asks the bus only about the names it follows.
@Suite(.enabled(if: PrivateBus.isAvailable, "needs dbus-daemon (Scripts/install-deps.sh test)"))
struct BusClientTrackerTests {
    let bus: PrivateBus
    let service: BusConnection
    let tracker: BusClientTracker
    let state = State()

    final class State { var left: [String] = [] }

    init() throws {
        bus = try PrivateBus()
        service = try BusConnection.session(address: bus.address, description: "tracking-service")
        tracker = BusClientTracker(connection: service)
        let state = self.state
        tracker.clientLeft = { state.left.append($0) }
    }

    /// A client connection of its own.
    func client(_ name: String) throws -> BusConnection {
        try BusConnection.session(address: bus.address, description: name)
    }

    /// Runs the connections as an event loop does until `condition` holds or `seconds` pass.
    @discardableResult
    func pump(_ connections: [BusConnection] = [], seconds: Double = 10, until condition: () -> Bool) throws -> Bool {
        let all = [service] + connections
        for _ in 0..<Int(seconds * 100) {
            for connection in all where connection.isOpen { try connection.processAll() }
            if condition() { return true }
            var fds = all.filter(\.isOpen).map { pollfd(fd: $0.descriptor.rawValue, events: Int16($0.readiness.rawValue), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 10)
        }
        return condition()
    }

    /// Waits until the bus has seen `name` leave; what it told the service about it before
    /// has then been processed.
    func waitUntilGone(_ name: String) throws {
        #expect(try pump { (try? service.nameOwner(of: name)) == nil }, "\(name) is still on the bus")
        try service.processAll()
    }

    /// The match rules the bus holds for the service's connection.
    func serviceMatchRules() throws -> [String] {
        let call = try service.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                          interface: "org.freedesktop.DBus.Debug.Stats", member: "GetAllMatchRules")
        return try service.call(call).read([String: [String]].self)[try service.uniqueName()] ?? []
    }

    @Test func saysOnceWhenATrackedClientLeavesAndNothingOfTheOthers() throws {
        let followed = try client("followed"), other = try client("other")
        let followedName = try followed.uniqueName(), otherName = try other.uniqueName()
        try tracker.track(followedName)
        try tracker.track(followedName)
        #expect(tracker.clients == [followedName] && tracker.isTracking(followedName) && !tracker.isTracking(otherName))
        other.close()
        try waitUntilGone(otherName)
        #expect(state.left.isEmpty, "a client that was not followed was reported")
        followed.close()
        #expect(try pump { !state.left.isEmpty })
        try waitUntilGone(followedName)
        #expect(state.left == [followedName] && tracker.clients.isEmpty)
    }

    @Test func aClientAlreadyGoneCannotBeFollowed() throws {
        let gone = try client("gone")
        let name = try gone.uniqueName()
        gone.close()
        let error = try #require(throws: BusError.self) { try tracker.track(name) }
        #expect(error.name == "org.freedesktop.DBus.Error.NameHasNoOwner", "\(error)")
        #expect(!tracker.isTracking(name))
        try waitUntilGone(name)
        #expect(state.left.isEmpty)
    }

    @Test func aClientNoLongerFollowedIsNotReported() throws {
        let followed = try client("followed")
        let name = try followed.uniqueName()
        try tracker.track(name)
        tracker.untrack(name)
        followed.close()
        try waitUntilGone(name)
        #expect(state.left.isEmpty && tracker.clients.isEmpty)
    }

    /// The bus sends the service the name changes of the clients it follows, not every
    /// connection's coming and going.
    @Test func itWatchesOnlyTheNamesItFollows() throws {
        let followed = try client("followed"), other = try client("other")
        let name = try followed.uniqueName()
        try tracker.track(name)
        let rules = try serviceMatchRules().filter { $0.contains("NameOwnerChanged") }
        #expect(rules.count == 1 && rules[0].contains("arg0='\(name)'"), "\(rules)")
        _ = other
    }
}
