@testable import ForceBridgeCLI
import ForceCommandLine
import ForceCore
import ForceDevices
import Testing

/// The command line adds to the libraries' facts what to do about them.
struct ErrorAdviceTests {
    @Test func permissionMessageNamesTheRulesAndAlternatives() {
        let text = CommandFailure.message(for: DeviceError.permissionDenied(path: "/dev/input/event4", forWriting: false))
        #expect(text.hasPrefix("/dev/input/event4: permission denied"))
        #expect(text.contains("udev-rules/70-forcebridge.rules"))
        #expect(text.contains("sudo forcebridge udev install"))
        #expect(text.contains("run as root"))
        #expect(text.contains("'input' group"))
    }

    @Test func uinputAdviceNamesTheModule() {
        #expect(CommandFailure.message(for: DeviceError.uinputUnavailable(detail: "no /dev/uinput"))
            == "/dev/uinput is not available (no /dev/uinput). Load the module ('modprobe uinput') and make sure you may write to /dev/uinput.")
    }

    private struct Refusal: Error, CustomStringConvertible {
        var description: String { "the file is read-only" }
    }

    @Test func reportingEndsTheCommandWithTheErrorsTextAndItsAdvice() throws {
        #expect(try CommandFailure.reporting { 42 } == 42)
        let refused = #expect(throws: CommandFailure.self) { try CommandFailure.reporting { throw Refusal() } }
        #expect(refused?.message == "the file is read-only" && refused?.status == 1)
        let unavailable = #expect(throws: CommandFailure.self) { try CommandFailure.reporting { throw DeviceError.uinputUnavailable(detail: "no /dev/uinput") } }
        #expect(unavailable?.message == "/dev/uinput is not available (no /dev/uinput). Load the module ('modprobe uinput') and make sure you may write to /dev/uinput.")
    }
}
