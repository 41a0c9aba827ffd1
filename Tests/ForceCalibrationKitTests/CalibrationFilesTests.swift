import FoundationEssentials
import ForceCalibrationKit
import ForceCore
import ForceRecording
import ForceSettings
import Testing

/// A finished calibration is written into the user's configuration: the session recording and
/// the profile, merged into the existing file without touching other devices, with backups.
@Suite("Calibration: files written")
struct CalibrationFilesTests {
    let folder: TemporaryFolder
    let files: CalibrationFiles

    init() throws {
        folder = try TemporaryFolder()
        files = CalibrationFiles(directories: XDGDirectories(environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/config"]))
    }

    static let otherDevices = """
        {
          "sensitivity": "light",
          "profiles": [
            {
              "comment": "my other pen",
              "match": { "name": "Wacom Intuos*", "vendor": "056a" },
              "averagePressure": 1800,
              "curve": { "bezier": [0.2, 0.1, 0.8, 0.9] },
              "thresholds": { "begin": 1.2, "previewEnd": 2.2, "commitEnd": 3.2 }
            },
            {
              "match": { "name": "Wacom Bamboo 2FG 4x5 Pen", "bus": "0003", "vendor": "0x056A", "product": "00d1" },
              "averagePressureFraction": 0.3,
              "learnsRestingOffset": false,
              "touchDuration": "slow"
            }
          ]
        }

        """

    func finishedPenSession() throws -> CalibrationSession {
        let device = CalibrationFixtures.bambooPen()
        let session = try CalibrationFixtures.replay(
            CalibrationFixtures.penSession(device, rest: 82, light: 206, ordinary: 330, firm: 900), on: device)
        try #require(session.result != nil)
        return session
    }

    @Test func profileIsMergedAndTheOldFileKept() throws {
        let path = try folder.write(Self.otherDevices, to: "config/forcebridge/profiles.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let session = try finishedPenSession()
        let report = try files.write(session)

        #expect(report.profile.path == path)
        #expect(report.profile.change == .replaced(index: 1))
        #expect(report.profile.backupPath.flatMap { FileManager.default.contents(atPath: $0) } == Data(Self.otherDevices.utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        let profiles = try ProfileStore.parse(try #require(FileManager.default.contents(atPath: path)), path: path)
        #expect(profiles.count == 3)
        #expect(profiles[0].sensitivity == .light, "the file's top-level setting is kept")
        #expect(profiles[1].calibration.averagePressure == 1800, "the other device is untouched")
        #expect(profiles[1].calibration.curve == .bezier(x1: 0.2, y1: 0.1, x2: 0.8, y2: 0.9))
        #expect(profiles[1].thresholds?.commitEnd == 3.2)
        let result = try #require(session.result)
        let pen = profiles[2]
        #expect(pen.match == result.profile.match)
        #expect(pen.calibration.averagePressure == result.proposal.calibration.averagePressure)
        #expect(pen.calibration.averagePressureFraction == nil, "the measured raw average replaces the fraction")
        #expect(pen.calibration.learnsRestingOffset == false, "settings the wizard does not measure are kept")
        #expect(pen.touchDuration == .slow)
        #expect(pen.thresholds == result.proposal.thresholds)
        let text = try #require(folder.read("config/forcebridge/profiles.json"))
        #expect(text.hasPrefix("{\n  \"sensitivity\": \"light\",\n  \"profiles\": ["))
        #expect(text.contains("session: \(report.sessionPath)"))
    }

    @Test func firstCalibrationCreatesTheFileAndASecondReplacesItsEntry() throws {
        let session = try finishedPenSession()
        let first = try files.write(session)
        #expect(first.profile.change == .added(index: 0))
        #expect(first.profile.backupPath == nil)
        #expect(first.sessionBackupPath == nil)
        let second = try files.write(session)
        #expect(second.profile.change == .replaced(index: 0))
        #expect(second.profile.backupPath != nil)
        #expect(second.sessionBackupPath == first.sessionPath + ".bak")
        let profiles = try ProfileStore.parse(try #require(FileManager.default.contents(atPath: files.profilesPath)), path: files.profilesPath)
        #expect(profiles.count == 1)
    }

    @Test func sessionRecordingReplaysToTheSameCalibration() throws {
        let session = try finishedPenSession()
        let report = try files.write(session)
        #expect(report.sessionPath.hasSuffix("/config/forcebridge/calibrations/tablet-056a-00d1.evemu"))
        let recording = try Recording(contentsOf: report.sessionPath)
        #expect(recording.description.name == session.device.name)
        let replayed = try CalibrationFixtures.replay(recording.events, on: recording.description)
        #expect(replayed.result?.proposal == session.result?.proposal)
        #expect(replayed.notices.map(\.description) == session.notices.map(\.description), "the same steps, presses and verdicts (times are relative in the file)")
    }

    @Test func invalidProfileFileIsLeftAloneWithAnErrorSayingWhere() throws {
        let broken = "{\n  \"profiles\": [\n    { \"match\": {}, }\n  ]\n}\n"
        let path = try folder.write(broken, to: "config/forcebridge/profiles.json")
        let session = try finishedPenSession()
        #expect {
            try files.writeProfile(try #require(session.result))
        } throws: { error in
            "\(error)" == "\(path):3:20: a trailing comma before '}' is not allowed in JSON; fix this first (nothing was written)"
        }
        #expect(folder.read("config/forcebridge/profiles.json") == broken)
        #expect(!FileManager.default.fileExists(atPath: path + ".bak"))
    }

    @Test func profileFileWithAnInvalidEntryIsLeftAlone() throws {
        let invalid = "{ \"profiles\": [ { \"match\": { \"name\": \"x\" }, \"averagePressure\": \"high\" } ] }"
        try folder.write(invalid, to: "config/forcebridge/profiles.json")
        let session = try finishedPenSession()
        #expect {
            try files.writeProfile(try #require(session.result))
        } throws: { error in
            "\(error)".contains("profiles[0].averagePressure") && "\(error)".contains("nothing was written")
        }
        #expect(folder.read("config/forcebridge/profiles.json") == invalid)
    }

    @Test func unfinishedSessionWritesNothing() throws {
        let session = CalibrationSession(device: CalibrationFixtures.bambooPen())
        #expect(throws: CalibrationFiles.WriteError.self) { try files.write(session) }
        #expect(!FileManager.default.fileExists(atPath: files.profilesPath))
    }
}
