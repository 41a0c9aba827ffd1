import ArgumentParser
@testable import ForceBridgeCLI
import Testing

/// `replay --to-uinput`'s timing options: each is 0 or more seconds and needs `--to-uinput`;
/// with several wrong, the first in a fixed order is reported.
struct UinputReplayOptionsTests {
    private func message(_ arguments: [String]) -> String {
        do {
            _ = try UinputReplayOptions.parse(arguments)
            return ""
        } catch {
            return UinputReplayOptions.message(for: error)
        }
    }

    @Test(arguments: ["--delay", "--wait-for-readers", "--hold"])
    func secondsAreZeroOrMoreAndNeedToUinput(option: String) throws {
        #expect(message(["--to-uinput", "\(option)=0"]) == "")
        #expect(message(["--to-uinput", "\(option)=2.5"]) == "")
        for bad in ["-1", "inf", "nan"] {
            #expect(message(["--to-uinput", "\(option)=\(bad)"]) == "\(option) must be 0 or more seconds.", "\(bad)")
        }
        #expect(message(["\(option)=1"]) == "\(option) needs --to-uinput.")
    }

    @Test func theFirstProblemInOrderIsReported() {
        #expect(message(["--delay=1", "--hold=1", "--wait-for-readers=1"]) == "--wait-for-readers needs --to-uinput.")
        #expect(message(["--delay=1", "--hold=1"]) == "--hold needs --to-uinput.")
        #expect(message(["--hold=-1", "--wait-for-readers=-1", "--delay=-1", "--to-uinput"]) == "--delay must be 0 or more seconds.")
        #expect(message(["--hold=-1", "--wait-for-readers=-1", "--to-uinput"]) == "--wait-for-readers must be 0 or more seconds.")
        #expect(message(["--to-uinput"]) == "")
    }
}
