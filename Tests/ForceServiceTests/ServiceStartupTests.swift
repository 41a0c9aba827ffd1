import ForceCore
import ForceDevices
import ForceFeedbackd
import ForceRecording
import ForceService
import ForceTestSupport
import Testing

/// What `serve` decides before it serves: which devices `--twin` names, and the user's feedback
/// theme (feedbackd's locations, else ForceBridge's own).
struct ServiceStartupTests {
    private func offer(node: String, recording: String) throws -> ServiceDeviceOffer {
        let description = try RecordingFormat.open(path: Repository.path("recordings/\(recording).evemu")).description
        return ServiceDeviceOffer(node: node, description: description, classification: DeviceClassification(description), access: .readOnly,
                                  openInput: { throw DeviceError.deviceLost(path: node) },
                                  openHaptics: { throw HapticDeviceError.closed(path: node) })
    }

    @Test func twinNamesANodePartOfANameOrEveryPen() throws {
        let pen = try offer(node: "/dev/input/event7", recording: "stylus-commit")
        let screen = try offer(node: "/dev/input/event5", recording: "no-pressure")
        #expect(pen.description.kind == .tablet && screen.description.kind != .tablet)
        #expect(pen.isNamed(by: ["tablets"]) && !screen.isNamed(by: ["tablets"]))
        #expect(screen.isNamed(by: ["/dev/input/event5"]) && !pen.isNamed(by: ["/dev/input/event5"]))
        #expect(pen.isNamed(by: ["intuos"]) && !screen.isNamed(by: ["intuos"]))
        #expect(!pen.isNamed(by: []) && !pen.isNamed(by: ["/dev/input/event70"]))
    }

    @Test func theUsersThemeElseForceBridgesOwn() throws {
        let home = try TemporaryDirectory()
        let empty = ["HOME": home.path, "XDG_CONFIG_HOME": home.path, "XDG_DATA_DIRS": home.path]
        #expect(try FeedbackThemeLocator.userTheme(environment: empty).name == DefaultFeedbackTheme.theme.name)
        let file = try home.write(#"{ "name": "user-test", "parent-name": "default", "profiles": [] }"#, to: "theme.json")
        #expect(try FeedbackThemeLocator.userTheme(environment: empty.merging(["FEEDBACK_THEME": file]) { $1 }).name == "user-test")
        let broken = try home.write("{", to: "broken.json")
        #expect(throws: FeedbackThemeError.self) {
            try FeedbackThemeLocator.userTheme(environment: empty.merging(["FEEDBACK_THEME": broken]) { $1 })
        }
    }
}
