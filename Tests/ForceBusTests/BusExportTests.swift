import Glibc
import SystemPackage
import Testing

@testable import ForceBus

/// An interface exported on one peer, used from the other: methods, errors, properties,
/// introspection, signals and descriptors, over a real sd-bus connection.
@Suite struct BusExportTests {
    let peers: PeerConnections
    let state = State()

    final class State {
        var total: UInt32 = 0
        var mode = "full"
        var lastSender: String?
        var deferred: BusPendingReply<>?
        var object: BusExportedInterface?
        var server: BusConnection?
    }

    static let ticked = BusSignal("Ticked", BusParameter("id", UInt32.self), BusParameter("what", String.self))

    /// The test interface, its handlers working on a `State`.
    static var interface: BusInterface<State> {
        BusInterface("org.forcebridge.Test", members: [
            .method("Add", inputs: BusParameter("amount", UInt32.self), outputs: BusParameter("total", UInt32.self)) { state, call, amount in
                state.total += amount
                state.lastSender = call.sender
                return state.total
            },
            .method("Nothing") { _, _ in },
            .method("Refuse", inputs: BusParameter("why", String.self)) { _, _, why throws(BusError) in
                throw BusError(name: "org.forcebridge.Error.Refused", message: why)
            },
            .deferredMethod("Later") { state, reply in state.deferred = reply },
            .method("OpenPipe", outputs: BusParameter("fd", BusOwnedDescriptor.self)) { _, _ throws(BusError) in
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw BusError(errno: Errno(rawValue: errno), operation: "pipe") }
                let writer = FileDescriptor(rawValue: ends[1])
                defer { try? writer.close() }
                _ = try? writer.writeAll("through the pipe".utf8)
                return BusOwnedDescriptor(taking: FileDescriptor(rawValue: ends[0]))
            },
            .method("Swap", inputs: BusParameter("a", Int32.self), BusParameter("b", String.self),
                    outputs: BusParameter("b", String.self), BusParameter("a", Int32.self)) { _, _, a, b in (b, a) },
            .method("Emit") { state, _ throws(BusError) in try state.object?.emit(Self.ticked, 7, "tick") },
            .signal(ticked),
            .property("Mode", String.self, flags: [.emitsChange], get: { $0.mode }, set: { state, mode throws(BusError) in
                guard ["full", "quiet", "silent"].contains(mode) else { throw .invalidArguments("no profile \(mode)") }
                state.mode = mode
            }),
            .property("Total", UInt32.self) { $0.total },
        ])
    }

    init() throws {
        peers = try PeerConnections()
        state.object = try peers.server.export(Self.interface, at: "/org/forcebridge/Test", for: state)
    }

    @Test func methodCallGetsItsReply() throws {
        let reply = try peers.call("Add") { m throws(BusError) in try m.append(UInt32(5)) }.get()
        #expect(try reply.read(UInt32.self) == 5)
        let again = try peers.call("Add") { m throws(BusError) in try m.append(UInt32(2)) }.get()
        #expect(try again.read(UInt32.self) == 7)
    }

    @Test func methodWithoutOutputsIsAnsweredWhenTheHandlerReturns() throws {
        let reply = try peers.call("Nothing").get()
        #expect(reply.kind == .methodReturn)
        #expect(reply.signature == "")
    }

    @Test func resultsTravelInTheirDeclaredOrderAndTypes() throws {
        let reply = try peers.call("Swap") { m throws(BusError) in try m.append(Int32(-4)); try m.append("four") }.get()
        #expect(reply.signature == "si")
        #expect(try reply.read(String.self) == "four")
        #expect(try reply.read(Int32.self) == -4)
    }

    @Test func thrownErrorsTravelWithTheirNameAndMessage() throws {
        let result = try peers.call("Refuse") { m throws(BusError) in try m.append("line 3, column 7: bad") }
        let error = try #require(throws: BusError.self) { try result.get() }
        #expect(error.name == "org.forcebridge.Error.Refused")
        #expect(error.message == "line 3, column 7: bad")
    }

    @Test func badArgumentsAreRefusedBeforeTheHandler() throws {
        let result = try peers.call("Add") { m throws(BusError) in try m.append("five") }
        let error = try #require(throws: BusError.self) { try result.get() }
        #expect(error.name == BusError.Names.invalidArguments)
        #expect(state.total == 0)
    }

    @Test func unknownMethodsAreRefused() throws {
        let error = try #require(throws: BusError.self) { try peers.call("Missing").get() }
        #expect(error.name == BusError.Names.unknownMethod)
    }

    @Test func deferredCallsAreAnsweredLater() throws {
        let message = try peers.client.methodCall(destination: nil, path: "/org/forcebridge/Test", interface: "org.forcebridge.Test", member: "Later")
        var result: Result<BusMessage, BusError>?
        try peers.client.callAsync(message) { result = $0 }
        #expect(try peers.pump { self.state.deferred != nil })
        try peers.pump(rounds: 20) { result != nil }
        #expect(result == nil, "answered before the service replied")
        try #require(state.deferred).fail(with: .limitsExceeded("slow down"))
        #expect(try peers.pump { result != nil })
        #expect(throws: BusError.limitsExceeded("slow down")) { try result?.get() }
        #expect(throws: BusError.self) { try state.deferred?.reply() }
        #expect(state.deferred?.isAnswered == true)
    }

    @Test func descriptorsTravelBothWays() throws {
        let reply = try peers.call("OpenPipe").get()
        #expect(reply.signature == "h")
        let descriptor = try reply.readDescriptorCopy()
        defer { try? descriptor.close() }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
        #expect(String(decoding: buffer.prefix(count), as: UTF8.self) == "through the pipe")
    }

    @Test func propertiesAreReadAndWrittenThroughTheStandardInterface() throws {
        let properties = "org.freedesktop.DBus.Properties"
        let get = try peers.call("Get", interface: properties) { m throws(BusError) in
            try m.append("org.forcebridge.Test"); try m.append("Mode")
        }.get()
        #expect(try get.read(BusValue.self) == .string("full"))
        _ = try peers.call("Set", interface: properties) { m throws(BusError) in
            try m.append("org.forcebridge.Test"); try m.append("Mode"); try m.append(BusValue.string("quiet"))
        }.get()
        #expect(state.mode == "quiet")
        let refused = try peers.call("Set", interface: properties) { m throws(BusError) in
            try m.append("org.forcebridge.Test"); try m.append("Mode"); try m.append(BusValue.string("loud"))
        }
        #expect(throws: BusError.invalidArguments("no profile loud")) { try refused.get() }
        let all = try peers.call("GetAll", interface: properties) { m throws(BusError) in try m.append("org.forcebridge.Test") }.get()
        #expect(try all.read([String: BusValue].self) == ["Mode": .string("quiet"), "Total": .uint32(0)])
    }

    @Test func propertyChangesAreAnnounced() throws {
        var changes: [String: BusValue] = [:]
        let match = try peers.client.addMatch("type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'") { message in
            _ = try? message.read(String.self)
            changes = (try? message.read([String: BusValue].self)) ?? [:]
        }
        defer { match.cancel() }
        state.mode = "silent"
        try #require(state.object).emitPropertiesChanged(["Mode"])
        #expect(try peers.pump { !changes.isEmpty })
        #expect(changes == ["Mode": .string("silent")])
        // Total does not announce changes.
        #expect(throws: BusError.self) { try state.object?.emitPropertiesChanged(["Total"]) }
    }

    @Test func introspectionListsMembersWithArgumentNames() throws {
        let reply = try peers.call("Introspect", interface: "org.freedesktop.DBus.Introspectable").get()
        let xml = try reply.read(String.self)
        #expect(xml.contains("<method name=\"Add\">"))
        #expect(xml.contains("<arg type=\"u\" name=\"amount\" direction=\"in\"/>"), "\(xml)")
        #expect(xml.contains("<arg type=\"u\" name=\"total\" direction=\"out\"/>"))
        #expect(xml.contains("<signal name=\"Ticked\">"))
        #expect(xml.contains("<arg type=\"s\" name=\"what\"/>"))
        #expect(xml.contains("<property name=\"Mode\" type=\"s\" access=\"readwrite\">"))
    }

    /// What the interface's declaration says introspection shows is what sd-bus shows (a peer
    /// connection trusts no one: privilege annotations).
    @Test func generatedIntrospectionIsWhatTheBusServes() throws {
        let xml = try peers.call("Introspect", interface: "org.freedesktop.DBus.Introspectable").get().read(String.self)
        let generated = Self.interface.introspectionXML(trustedBus: false)
        #expect(xml.contains(generated), "\(xml)\n---\n\(generated)")
    }

    @Test func signalsReachMatches() throws {
        var received: (UInt32, String)?
        let match = try peers.client.addMatch("type='signal',interface='org.forcebridge.Test',member='Ticked'") { message in
            if let id = try? message.read(UInt32.self), let what = try? message.read(String.self) { received = (id, what) }
        }
        _ = try peers.call("Emit").get()
        #expect(try peers.pump { received != nil })
        #expect(received?.0 == 7 && received?.1 == "tick")
        match.cancel()
        received = nil
        _ = try peers.call("Emit").get()
        try peers.pump(rounds: 20) { received != nil }
        #expect(received == nil, "a cancelled match still fired")
    }

    @Test func onlyDeclaredSignalsAreEmitted() throws {
        let object = try #require(state.object)
        let undeclared = BusSignal("Tocked", BusParameter("id", UInt32.self), BusParameter("what", String.self))
        #expect(throws: BusError.self) { try object.emit(undeclared, 1, "tock") }
        // Same name, other types: not the declared signal either.
        let retyped = BusSignal("Ticked", BusParameter("id", Int32.self))
        #expect(throws: BusError.self) { try object.emit(retyped, 1) }
    }

    @Test func handlersOfAnOwnerThatIsGoneAnswerWithAnError() throws {
        var owner: State? = State()
        let exported = try peers.server.export(Self.interface, at: "/org/forcebridge/Other", for: owner!)
        owner = nil
        let error = try #require(throws: BusError.self) {
            try peers.call("Add", path: "/org/forcebridge/Other") { m throws(BusError) in try m.append(UInt32(1)) }.get()
        }
        #expect(error.name == "org.freedesktop.DBus.Error.UnknownObject", "\(error)")
        _ = exported
    }

    @Test func droppingTheSlotRemovesTheObject() throws {
        state.object = nil
        let error = try #require(throws: BusError.self) { try peers.call("Add") { m throws(BusError) in try m.append(UInt32(1)) }.get() }
        #expect(error.name == BusError.Names.unknownMethod || error.name == "org.freedesktop.DBus.Error.UnknownObject", "\(error)")
    }

    @Test func eventLoopViewOfAConnection() throws {
        #expect(peers.client.readiness.contains(.readable))
        #expect(peers.client.descriptor.rawValue >= 0)
        let message = try peers.client.methodCall(destination: nil, path: "/org/forcebridge/Test", interface: "org.forcebridge.Test", member: "Later")
        try peers.client.callAsync(message, timeout: .seconds(30)) { _ in }
        // A pending call brings the deadline of its timeout.
        let deadline = try #require(peers.client.nextDeadline)
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowMicroseconds = Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
        #expect(deadline > nowMicroseconds + 20_000_000 && deadline < nowMicroseconds + 31_000_000)
    }
}
