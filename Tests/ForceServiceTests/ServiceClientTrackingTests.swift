import ForceBus
import ForceService
import ForceTestSupport
import Testing

/// The service follows the clients it keeps something for (streams, effects, rate limits,
/// feedbacks) through sd-bus's peer tracking: the bus tells it of those clients' departures,
/// not of every connection on the bus.
@Suite(.busClientsInstalled)
struct ServiceClientTrackingTests {
    /// The clients the service asked the bus to report on: the `arg0` of its `NameOwnerChanged` matches.
    static func followed(by harness: ServiceHarness) throws -> [String] {
        let service = try #require(try harness.client.nameOwner(of: ServiceNames.busName))
        let rules = try harness.call("GetAllMatchRules", destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                     interface: "org.freedesktop.DBus.Debug.Stats").get().read([String: [String]].self)[service] ?? []
        let changes = rules.filter { $0.contains("member='NameOwnerChanged'") }
        #expect(changes.allSatisfy { $0.contains("arg0=':") }, "a match on every name's changes: \(changes)")
        return changes.compactMap { rule in
            rule.firstRange(of: "arg0='").map { String(rule[$0.upperBound...].prefix { $0 != "'" }) }
        }.sorted()
    }

    @Test func theServiceFollowsOnlyTheClientsItKeepsSomethingFor() throws {
        let recording = Repository.recording("touchscreen-tap.evemu")
        let harness = try ServiceHarness()
        try harness.devices.plug(recording)
        try harness.devices.plugMotor(node: "/dev/input/motor")
        try harness.start()
        #expect(try Self.followed(by: harness) == [])
        // Clients that only ask are not followed.
        let list = try harness.python(["list"])
        #expect(harness.finish(list) == 0)
        _ = try harness.call("ListHaptics").get()
        #expect(try Self.followed(by: harness) == [])

        // A client with an effect and one with a stream are.
        _ = try harness.call("Selection") { message throws(BusError) in try message.append("") }.get()
        let (subscriber, binding) = try harness.connect("subscriber")
        let subscriberName = try subscriber.uniqueName()
        let stream = try harness.call("Subscribe", on: subscriber, binding: binding) { message throws(BusError) in
            try message.append(recording); try message.append([String: BusValue]())
        }.get().readDescriptorCopy()
        defer { try? stream.close() }
        #expect(try Self.followed(by: harness) == [try harness.client.uniqueName(), subscriberName].sorted())

        // A client that left is forgotten.
        binding.detach()
        subscriber.close()
        #expect(harness.pump { (try? Self.followed(by: harness)) == [try? harness.client.uniqueName()].compactMap { $0 } })
        #expect(harness.log.text.contains("client disconnected client=\(subscriberName) streams=1"), "\(harness.log.text)")
    }
}
