import ForceCore
import ForceRecording

/// Reads a whole recording as `forcebridge replay` does and checks what every reader promises.
public enum RecordingCheck {
    /// Opens `path` with `open` and reads every event. Either it reads, or it throws a
    /// `RecordingError`; every error and warning is one line naming the file; every event has a
    /// type the kernel can have; the chosen device is one of the file's devices.
    public static func readAll(_ path: String, _ open: (String) throws -> any RecordingReader) {
        do {
            let reader = try open(path)
            while let event = try reader.next() {
                Promises.require(event.type.rawValue <= EventType.maximum, "event types up to 0x1f, found \(event)")
            }
            Promises.require(reader.devices.indices.contains(reader.deviceIndex), "device \(reader.deviceIndex) among \(reader.devices.count)")
            _ = reader.description.kind
            for warning in reader.warnings {
                Promises.requireOneLine(warning.description, startingWith: path + ":")
            }
        } catch let error as RecordingError {
            Promises.requireOneLine(error.description, startingWith: path + ":")
        } catch {
            Promises.unexpected(error, expected: "RecordingError")
        }
    }
}
