import Foundation
import ForceCore
import ForceRecording

/// Paths of the test fixtures, the repository and temporary files.
enum Fixtures {
    /// The folder of fixtures copied into the test bundle.
    static let folder: URL = {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            fatalError("the Fixtures folder is missing from the test bundle")
        }
        return url
    }()

    /// The path of fixture `name`.
    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The repository root (two folders above this file's folder).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shipped recordings.
    static var recordings: [String] {
        let folder = repositoryRoot.appendingPathComponent("recordings")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".evemu") }.sorted().map { folder.appendingPathComponent($0).path }
    }
}

/// A folder of temporary files for one test, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("forcebridge-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` in the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `contents` (exact bytes, no newline added) to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ contents: String) -> String {
        let path = self.path(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(contents.utf8))
        return path
    }
}

extension Recording {
    /// The events with times relative to the first event.
    var relativeEvents: [InputEvent] {
        guard let origin = events.first?.time else { return [] }
        return events.map { InputEvent(time: $0.time - origin, type: $0.type, code: $0.code, value: $0.value) }
    }
}

extension DeviceDescription {
    /// The description without what only some formats carry (udev properties, axis values),
    /// for comparing descriptions read from different formats.
    var comparable: DeviceDescription {
        var copy = self
        copy.udevProperties = [:]
        for (code, var info) in copy.axes {
            info.value = 0
            copy.axes[code] = info
        }
        return copy
    }
}

extension DeviceDescription {
    /// The description without `EV_REP`, which libevemu drops when it has no repeat values
    /// (the evemu format has no line for them).
    var withoutKeyRepeat: DeviceDescription {
        var copy = DeviceDescription(
            name: name, id: id, physicalLocation: physicalLocation, uniqueIdentifier: uniqueIdentifier,
            properties: properties, codes: codes, axes: axes,
            forceFeedbackEffectSlots: forceFeedbackEffectSlots, udevProperties: udevProperties)
        for type in types where type != EventType.rep.rawValue { copy.enable(EventType(type)) }
        return copy
    }
}

/// Reads the whole of `path` and throws the reader's error message as a string.
func errorMessage(reading path: String, device: Int? = nil) -> String? {
    do {
        let reader = try RecordingFormat.open(path: path, device: device)
        _ = try Recording(reading: reader)
        return nil
    } catch {
        return "\(error)"
    }
}
