import ForceCalibrationKit
import ForceCore
import ForceRecording
import ForceSettings
import Testing

/// The profile a calibration writes, loaded as every command loads profiles, changes what a
/// replay does as the calibration says it should.
@Suite("Calibration: the written profile changes the replay")
struct TranscriptChangeTests {
    /// Replays `recording` with the profiles of `store` and returns what the interaction did.
    static func replay(_ recording: Recording, store: ProfileStore) -> SessionSummary {
        let device = recording.description
        let pipeline = InputPipeline(device: device, calibration: store.calibration(for: device), thresholds: store.thresholds(for: device))
        pipeline.process(recording.events)
        pipeline.finish()
        return pipeline.summary
    }

    @Test func lightHandedCalibrationTurnsACancelledPreviewIntoACommit() throws {
        let recording = try Recording(contentsOf: TemporaryFolder.repository + "/recordings/touchscreen-cancel.evemu")
        let device = recording.description
        // Default calibration: the press (peak 68 of 255, 1.8 times the default average touch of
        // 38) previews and is lifted before the preview ends.
        let before = Self.replay(recording, store: ProfileStore())
        #expect(before.previewsEnded == 0 && before.commits == 0 && before.cancels == 1)

        // Someone whose ordinary press is 20 calibrates the same screen: 68 is now a firm press.
        let events = CalibrationFixtures.touchSession(device, light: 10, ordinary: 20, firm: 66)
        let session = try CalibrationFixtures.replay(events, on: device)
        let result = try #require(session.result, "\(session.notices)")
        let folder = try TemporaryFolder()
        let files = CalibrationFiles(directories: XDGDirectories(environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path]))
        try files.write(session)

        var store = ProfileStore()
        try store.loadUserProfiles(directories: files.directories)
        #expect(store.calibration(for: device) == result.proposal.calibration)
        let after = Self.replay(recording, store: store)
        #expect(after.previewsEnded == 1 && after.commits == 1 && after.cancels == 0)
    }
}
