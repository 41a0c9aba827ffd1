import ForceBus
import ForceService
import ForceTestSupport
import Testing

/// `forcebridge twin --set`'s conversation on a private bus: a bus without twins is reached and
/// has none; a bus that cannot be reached is said, not thrown (the twin a running process refuses
/// is covered by ServiceTwinTests, through the command).
@Suite(.enabled(if: PrivateBus.isAvailable, "needs dbus-daemon (Scripts/install-deps.sh test)"))
struct TwinChangeTests {
    @Test func aBusWithoutTwinsHasNoneToChange() throws {
        let bus = try PrivateBus()
        let change = try TwinClient.change("/dev/input/event5", by: ["tip": .double(0.03)], address: bus.address)
        #expect(change.running == nil)
        #expect(change.applied == nil)
        #expect(change.unreachable == nil)
    }

    @Test func aBusOutOfReachIsSaidNotThrown() throws {
        let directory = try TemporaryDirectory()
        let change = try TwinClient.change("pen", by: [:], address: "unix:path=\(directory.path("no-bus"))")
        #expect(change.running == nil)
        #expect(change.unreachable != nil)
    }
}
