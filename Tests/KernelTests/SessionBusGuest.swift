import ForceBus
import ForceTestSupport
import Glibc
import SystemPackage
import Testing

/// The guest booted with `guest-run --dbus`: a session dbus-daemon at
/// `$DBUS_SESSION_BUS_ADDRESS` (`/run/user/0/bus`), reached by sd-bus, busctl, gdbus and
/// python3-dbus alike.
enum SessionBusGuest {
    static let socketPath = "/run/user/0/bus"

    /// Whether the session bus runs (its socket exists and the address points at it).
    static var isRunning: Bool {
        guard let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }),
              address.contains(socketPath) else { return false }
        var status = stat()
        return stat(socketPath, &status) == 0
    }

    /// A unique well-known name for one test (`org.forcebridge.Test.<what>.p<pid>`).
    static func uniqueName(_ what: String) -> String {
        "org.forcebridge.Test.\(what).p\(getpid())"
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `connections` the way an event loop does — poll their descriptors for their
    /// readiness until their deadline, then `processAll()` — until `condition` holds (true) or
    /// `seconds` pass (false).
    @discardableResult
    static func pump(_ connections: [BusConnection], seconds: Double = TestTimeout.seconds, until condition: () -> Bool) throws -> Bool {
        let end = now() + seconds
        while true {
            for connection in connections { try connection.processAll() }
            if condition() { return true }
            guard now() < end else { return false }
            var fds = connections.map { pollfd(fd: $0.descriptor.rawValue, events: Int16($0.readiness.rawValue), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 10)
        }
    }

    /// Runs a client program to its end while `connections` keep being served; returns its
    /// exit status and output. With `holdingInputOpen`, its standard input stays open until it
    /// ends (`ChildProcess`).
    static func run(_ executable: String, _ arguments: [String], serving connections: [BusConnection],
                    holdingInputOpen: Bool = false) throws -> (status: Int32, output: String, error: String) {
        let child = try ChildProcess(executable, arguments, holdingInputOpen: holdingInputOpen)
        let finished = try pump(connections) { !child.isRunning }
        let status = child.wait(seconds: finished ? TestTimeout.seconds : 0)
        return (status, child.standardOutput, child.standardError)
    }
}

extension Trait where Self == ConditionTrait {
    /// A test that needs the guest's session bus (`guest-run --dbus`; `run-guest-tests` boots one).
    static var sessionBusGuestOnly: Self {
        .enabled(if: KernelGuest.isActive && SessionBusGuest.isRunning, "needs the kernel guest with a session bus (Tests/Kernel/guest-run --dbus)")
    }
}

/// The object the session bus tests export: `org.forcebridge.Test1` at `/org/forcebridge/Test`.
final class BusTestService {
    static let path = "/org/forcebridge/Test"
    static let interface = "org.forcebridge.Test1"
    static let ticked = BusSignal("Ticked", BusParameter("id", UInt32.self), BusParameter("what", String.self))

    let connection: BusConnection
    var mode = "full"
    var object: BusExportedInterface?

    init(connection: BusConnection) throws {
        self.connection = connection
        object = try connection.export(BusInterface<BusTestService>(Self.interface, members: [
            .method("Echo", inputs: BusParameter("text", String.self), outputs: BusParameter("text", String.self)) { _, _, text -> String in text },
            .method("Add", inputs: BusParameter("a", UInt32.self), BusParameter("b", UInt32.self), outputs: BusParameter("sum", UInt32.self)) {
                _, _, a, b -> UInt32 in a &+ b
            },
            .method("Fail", inputs: BusParameter("why", String.self)) { _, _, why throws(BusError) in
                throw BusError(name: "org.forcebridge.Test.Error.Refused", message: why)
            },
            .method("OpenPipe", inputs: BusParameter("text", String.self), outputs: BusParameter("fd", BusOwnedDescriptor.self)) {
                _, _, text throws(BusError) in
                let (reader, writer) = try Self.pipe()
                defer { try? writer.close() }
                _ = try? writer.writeAll(text.utf8)
                return BusOwnedDescriptor(taking: reader)
            },
            .method("SendThrough", inputs: BusParameter("fd", FileDescriptor.self), BusParameter("text", String.self)) { _, _, descriptor, text in
                _ = try? descriptor.writeAll(text.utf8)
            },
            .method("Describe", inputs: BusParameter("hints", [String: BusValue].self), outputs: BusParameter("text", String.self)) {
                _, _, hints -> String in hints.keys.sorted().map { "\($0)=\(Self.describe(hints[$0]!))" }.joined(separator: ", ")
            },
            .method("Emit", inputs: BusParameter("id", UInt32.self)) { service, _, id throws(BusError) in
                try service.object?.emit(Self.ticked, id, "tick")
            },
            .signal(Self.ticked),
            .property("Mode", String.self, flags: [.emitsChange], get: { $0.mode }, set: { service, mode in service.mode = mode }),
        ]), at: Self.path, for: self)
    }

    static func describe(_ value: BusValue) -> String {
        switch value {
        case .string(let text): return text
        case .bool(let flag): return "\(flag)"
        case .int32(let number): return "int32 \(number)"
        default: return value.signature
        }
    }

    static func pipe() throws(BusError) -> (FileDescriptor, FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw BusError(errno: Errno(rawValue: errno), operation: "pipe") }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }
}
