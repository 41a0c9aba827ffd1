import ForceTestSupport
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
        for type in types where type != .rep { copy.enable(type) }
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
