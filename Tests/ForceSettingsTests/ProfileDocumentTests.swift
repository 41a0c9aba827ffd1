import ForceTestSupport
import FoundationEssentials
import ForceCore
import ForceSettings
import Testing

/// Changing one device's entry in a profile file: everything else is kept, and what is written
/// reads back through `ProfileStore` as given.
@Suite("Profile document")
struct ProfileDocumentTests {
    let pen = DeviceProfile.Match(name: "Wacom Bamboo 2FG 4x5 Pen", bus: 0x03, vendor: 0x056a, product: 0x00d1)

    @Test func everySettingReadsBackAsWritten() throws {
        let profiles = [
            DeviceProfile(
                match: pen,
                calibration: ForceCalibration(averagePressure: 330, restingOffset: 82, learnsRestingOffset: true, tipDownThreshold: 0.035,
                                              tipUpThreshold: 0.0125, curve: .gamma(1.35)),
                thresholds: PreviewThresholds(begin: 0.9, previewEnd: 1.8, commitEnd: 2.7, hysteresis: 0.09)),
            DeviceProfile(match: .init(name: "Weird \"name\"\n\\ é"), calibration: ForceCalibration(
                averagePressureFraction: 0.2, curve: .bezier(x1: 0.25, y1: 0.1, x2: 0.75, y2: 0.9))),
            DeviceProfile(match: .init(vendor: 0x04f3), calibration: ForceCalibration(curve: .linear), sensitivity: .light, touchDuration: .slow),
            DeviceProfile(match: .init(name: "Goodix*"), calibration: ForceCalibration(
                forceSource: .contactSize, restingContactSize: 18, averageContactSize: 40, averageContactSizeFraction: nil,
                contactSizeCurve: .bezier(x1: 0.2, y1: 0, x2: 0.8, y2: 1))),
            DeviceProfile(match: .init(name: "Silead*"), calibration: ForceCalibration(forceSource: .duration, averageContactSizeFraction: 0.25)),
        ]
        var document = ProfileDocument(path: "profiles.json")
        for profile in profiles { document.setProfile(profile) }
        let parsed = try ProfileStore.parse(Data(document.text.utf8), path: "profiles.json")
        #expect(parsed == profiles)
        #expect(document.text.hasPrefix("{\n  \"profiles\": [\n    {\n      \"match\": {"))
        #expect(document.text.contains("\"averagePressure\": 330,"), "whole numbers without a fraction")
        #expect(document.text.contains("\"bezier\": [0.25, 0.1, 0.75, 0.9]"))
    }

    @Test func sameMatchReplacesSettingsAndKeepsTheRest() throws {
        let text = """
            {"profiles": [{"match": {"product": "00D1", "vendor": "056A", "bus": "3", "name": "Wacom Bamboo 2FG 4x5 Pen"},
                           "comment": "mine", "averagePressureFraction": 0.3, "learnsRestingOffset": false,
                           "curve": "linear", "sensitivity": "firm"}],
             "touchDuration": "slow"}
            """
        var document = try ProfileDocument(text: text, path: "profiles.json")
        let change = document.setProfile(DeviceProfile(match: pen, calibration: ForceCalibration(averagePressure: 300, curve: .gamma(1.2))))
        #expect(change == .replaced(index: 0))
        #expect(document.profileCount == 1)
        let parsed = try ProfileStore.parse(Data(document.text.utf8), path: "profiles.json")
        #expect(parsed.count == 2, "the top-level setting, then the entry")
        #expect(parsed.first?.touchDuration == .slow)
        #expect(parsed.last?.calibration == ForceCalibration(averagePressure: 300, learnsRestingOffset: false, curve: .gamma(1.2)))
        #expect(parsed.last?.sensitivity == .firm, "settings the new profile leaves unset are kept")
        #expect(document.text.contains("\"comment\": \"mine\""), "no new comment: the old one stays")
        #expect(document.text.range(of: "\"profiles\"")!.lowerBound < document.text.range(of: "\"touchDuration\": \"slow\"\n}")!.lowerBound)
    }

    @Test func theForceSourceReplacesTheOlderContactSizeSwitch() throws {
        let text = """
            {"profiles": [{"match": {"name": "Goodix*"}, "estimateForceFromContactSize": true, "averagePressure": 40,
                           "averageContactSizeFraction": 0.2}]}
            """
        var document = try ProfileDocument(text: text, path: "profiles.json")
        document.setProfile(DeviceProfile(match: .init(name: "Goodix*"), calibration: ForceCalibration(
            forceSource: .contactSize, restingContactSize: 0, averageContactSize: 38, contactSizeCurve: .linear)))
        #expect(!document.text.contains("estimateForceFromContactSize"))
        #expect(!document.text.contains("averageContactSizeFraction"), "a raw average replaces the fraction")
        let parsed = try ProfileStore.parse(Data(document.text.utf8), path: "profiles.json")
        #expect(parsed.first?.calibration == ForceCalibration(
            forceSource: .contactSize, averagePressure: 40, restingContactSize: 0, averageContactSize: 38, contactSizeCurve: .linear))
    }

    @Test func fileWithOnlyTopLevelSettingsGetsAProfilesArray() throws {
        var document = try ProfileDocument(text: "{\"sensitivity\": \"firm\"}", path: "p")
        #expect(document.setProfile(DeviceProfile(match: pen)) == .added(index: 0))
        #expect(document.text.hasPrefix("{\n  \"sensitivity\": \"firm\",\n  \"profiles\": ["))
        #expect(try ProfileStore.parse(Data(document.text.utf8), path: "p").count == 2)
    }

    @Test func differentMatchIsAdded() throws {
        var document = try ProfileDocument(text: "{\"profiles\": [{\"match\": {\"name\": \"Wacom Bamboo 2FG 4x5 Pen\"}}]}", path: "p")
        #expect(document.setProfile(DeviceProfile(match: pen), comment: "calibrated") == .added(index: 1))
        #expect(try ProfileStore.parse(Data(document.text.utf8), path: "p").count == 2)
    }

    @Test(arguments: [
        ("{\"profiles\": [}", "1:15: unexpected '}'; expected a value (object, array, string, number, true, false or null)"),
        ("[]", "1:1: expected an object with a \"profiles\" array, found []"),
        ("{\"profiles\": {}}", "1:14: profiles: expected an array of profiles, found {}"),
        ("", "1:1: the file is empty; expected a JSON object"),
        // Trailing commas are accepted in AHAP files only: profiles stay strict JSON, as ProfileStore reads them.
        ("{\"profiles\": [],\n}", "2:1: a trailing comma before '}' is not allowed in JSON"),
    ])
    func unreadableFilesAreErrors(text: String, expected: String) {
        #expect {
            _ = try ProfileDocument(text: text, path: "/home/u/.config/forcebridge/profiles.json")
        } throws: { error in
            "\(error)" == "/home/u/.config/forcebridge/profiles.json:" + expected
        }
    }
}

/// Writing a profile file keeps the previous one, replaces it whole, and leaves a symbolic link
/// (a dotfile manager's) in place.
@Suite("Profile file update")
struct ProfileFileUpdateTests {
    @Test func symbolicLinkStaysALinkAndItsTargetIsBackedUp() throws {
        let folder = try TemporaryDirectory()
        let target = try folder.write("{\"profiles\": []}\n", to: "dotfiles/profiles.json")
        let link = folder.path("profiles.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let profile = DeviceProfile(match: .init(name: "Pen"), calibration: ForceCalibration(averagePressure: 300))
        let update = try ProfileFileUpdate.apply(profile, toFileAt: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(update.backupPath == target + ".bak")
        #expect(FileManager.default.contents(atPath: target + ".bak") == Data("{\"profiles\": []}\n".utf8))
        #expect(try ProfileStore.parse(try #require(FileManager.default.contents(atPath: target)), path: target) == [profile])
    }
}
