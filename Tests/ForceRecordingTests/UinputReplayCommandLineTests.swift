import ForceTestSupport
import Foundation
import Testing

/// `forcebridge replay --to-uinput` where it cannot create a device: the errors say why and what
/// to do. (Playing into a real device is tested in the kernel guest: ReplayToUinputKernelTests.)
@Suite("replay --to-uinput errors")
struct UinputReplayCommandLineTests {
    /// A touchscreen with 128 slots, more than uinput accepts.
    static let manySlots = """
        # EVEMU 1.3
        N: Huge Panel
        I: 0018 04f3 2c82 0100
        P: 02 00 00 00 00 00 00 00
        B: 00 09 00 00 00 00 00 00 00
        B: 03 00 00 00 00 00 80 60 06
        A: 2f 0 127 0 0 0
        A: 35 0 3839 0 0 13
        A: 36 0 2159 0 0 13
        A: 39 0 65535 0 0 0
        A: 3a 0 255 0 0 0
        E: 0.000000 0003 002f 0000
        E: 0.000000 0003 0039 0001
        E: 0.000000 0003 0035 0100
        E: 0.000000 0003 0036 0100
        E: 0.000000 0000 0000 0000

        """

    @Test("a description uinput refuses names the limit and what to change, before touching /dev/uinput")
    func tooManySlots() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Self.manySlots, to: "many-slots.evemu")
        let result = try CommandLine.run(["replay", path, "--to-uinput"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("forcebridge: uinput cannot create \"Huge Panel\": it has 128 multitouch slots (ABS_MT_SLOT 0...127) and uinput allows at most 100."), "\(result.errors)")
        #expect(result.errors.contains("Lower ABS_MT_SLOT's maximum to 99 or less"))
        #expect(result.errors.contains("the 'A: 2f' line"))
        // Without --to-uinput the same file replays.
        #expect(try CommandLine.run(["replay", path, "--format", "summary"]).status == 0)
    }

    @Test("without /dev/uinput the error says so and how to get it",
          .enabled(if: !FileManager.default.fileExists(atPath: "/dev/uinput"), "this machine has /dev/uinput"))
    func noUinput() throws {
        let path = Repository.path("recordings/touchscreen-tap.evemu")
        let result = try CommandLine.run(["replay", path, "--to-uinput", "--speed", "realtime"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty, "nothing is replayed")
        #expect(result.errors == "forcebridge: /dev/uinput is not available (no /dev/uinput). Load the module ('modprobe uinput') and make sure you may write to /dev/uinput.\n")
    }

    @Test("the virtual-device options need --to-uinput", arguments: [["--hold", "1"], ["--wait-for-readers", "2"], ["--delay", "0.5"]])
    func optionsNeedToUinput(arguments: [String]) throws {
        let path = Repository.path("recordings/touchscreen-tap.evemu")
        let result = try CommandLine.run(["replay", path] + arguments)
        #expect(result.status == 64)
        #expect(result.errors.contains("\(arguments[0]) needs --to-uinput."))
    }
}
