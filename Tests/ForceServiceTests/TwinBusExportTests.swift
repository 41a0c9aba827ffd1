import ForceBus
import ForceCore
import ForceRecording
import ForceService
import ForceSession
import ForceSystem
import ForceTestSupport
import Logging
import Testing

/// `forcebridge twin`'s own name on a private bus: the twin of a recorded pen exported as
/// `org.forcebridge.Twin1.<node>`, and a second export of the same device refused by name.
@Suite(.enabled(if: PrivateBus.isAvailable, "needs dbus-daemon (Scripts/install-deps.sh test)"))
struct TwinBusExportTests {
    @Test func oneExportPerDevice() throws {
        let bus = try PrivateBus()
        let loop = try EventLoop()
        let source = try RecordingSource(path: Repository.recording("pen-resting-30.evemu"))
        let twin = try DeviceTwin(io: TwinIO(source: source, output: InMemoryTwinOutput(node: "/dev/input/event90"), node: "/dev/input/event5"),
                                  profile: PressureProfile())
        let export = try TwinBusExport(twin, loop: loop, address: bus.address, logger: Logger(label: "test"))
        #expect(TwinControl.busName(forOriginal: twin.originalNode) == "org.forcebridge.Twin1.event5")
        do {
            _ = try TwinBusExport(twin, loop: loop, address: bus.address, logger: Logger(label: "test"))
            Issue.record("a second export of the same device was accepted")
        } catch {
            #expect("\(error)".contains("org.forcebridge.Twin1.event5 is owned by another process"), "\(error)")
        }
        export.withdraw()
    }
}
