import ForceCore
import ForceRecording

/// A line `replay --to-uinput` writes on standard error about its virtual device: news, or a
/// warning (which the command prefixes as it prefixes every warning).
package enum MirrorNotice: Equatable, Sendable {
    /// What happens: the device created, the wait, the device removed.
    case news(String)
    /// What may go wrong for the device's readers.
    case warning(String)
}

extension UinputMirrorSource {
    /// What to say once the device exists (`startNotices(node:name:speed:readerWait:)`).
    package var startNotices: [MirrorNotice] {
        Self.startNotices(node: node, name: device.name, speed: speed, readerWait: readerWaitSeconds)
    }

    /// What to say when no program opened the device in time (`readerWaitDidTimeOut`).
    package var readerWaitTimeoutNotice: MirrorNotice {
        .warning("no program opened \(node) within \(Self.seconds(readerWaitSeconds ?? 0)) s; replaying anyway")
    }

    /// What to say once the device is removed (`finishNotices(node:droppedMarkers:writtenFrames:interrupted:)`).
    package var finishNotices: [MirrorNotice] {
        Self.finishNotices(node: node, droppedMarkers: droppedMarkers, writtenFrames: writtenFrames, interrupted: isInterrupted)
    }

    /// The device `node` named `name` exists: its pace, that a reader falling behind a replay at
    /// maximum speed loses events, and how long it waits for a reader (`readerWait` seconds).
    package static func startNotices(node: String, name: String, speed: ReplaySpeed, readerWait: Double?) -> [MirrorNotice] {
        var notices: [MirrorNotice] = [.news("Created \(node) \"\(name)\" (uinput); replaying at \(speed). Ctrl-C stops and removes it.")]
        if speed == .maximum {
            notices.append(.warning("--speed max writes without pausing: a program reading \(node) "
                + "that falls behind loses events (the kernel reports SYN_DROPPED)"))
        }
        if let readerWait { notices.append(.news("Waiting up to \(seconds(readerWait)) s for a program to open \(node).")) }
        return notices
    }

    /// The device is removed: the `SYN_DROPPED` markers left out, and the frames written.
    package static func finishNotices(node: String, droppedMarkers: Int, writtenFrames: Int, interrupted: Bool) -> [MirrorNotice] {
        var notices: [MirrorNotice] = []
        if droppedMarkers > 0 {
            notices.append(.warning("the recording marks \(DeviceReport.plural(droppedMarkers, "SYN_DROPPED gap", "SYN_DROPPED gaps")); "
                + "the markers were left out of \(node) and the events after each were written as an ordinary frame"))
        }
        let written = DeviceReport.plural(writtenFrames, "frame", "frames")
        notices.append(.news(interrupted ? "Stopped: removed \(node) after writing \(written)." : "Removed \(node) after writing \(written)."))
        return notices
    }

    private static func seconds(_ value: Double) -> String {
        NumberFormat.trimmed(value, decimals: 3)
    }
}
