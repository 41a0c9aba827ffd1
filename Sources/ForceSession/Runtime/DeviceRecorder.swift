import ForceCore
import ForceDevices
import ForceRecording
import ForceSystem
import SystemPackage

/// Records what a device reads into a recording file (`forcebridge record`): every event in
/// order, and a resynchronization as the `SYN_DROPPED` it started with, followed by libevdev's
/// delta. The file is a valid recording after every frame.
package final class DeviceRecorder: InputEventSink {
    /// Why recording ended before it was stopped.
    package enum Ending: Sendable {
        /// The device went away.
        case deviceLost
        /// Reading the device failed.
        case readFailed(Errno)
        /// Writing the file failed; its description says why.
        case writeFailed(String)
    }

    private let device: EvdevDevice
    private let writer: any RecordingWriter
    /// Events written.
    package private(set) var events = 0
    /// Frames written.
    package private(set) var frames = 0
    private var writeError: (any Error)?

    /// A recorder of `device` into `writer`.
    package init(device: EvdevDevice, writer: any RecordingWriter) {
        self.device = device
        self.writer = writer
    }

    /// Reads the device on `loop` until the loop is stopped, `deadline` (monotonic microseconds)
    /// passes, or the device or the file fails; then closes the device. Returns why it ended
    /// early, nil when it was stopped or timed out. The writer is left open: close it after.
    package func record(on loop: EventLoop, until deadline: Int64?) throws -> Ending? {
        guard let descriptor = device.fileDescriptor else { return .deviceLost }
        var ending: Ending?
        try loop.watch(descriptor) { [unowned self, unowned loop] in
            switch device.drain(into: self) {
            case .drained:
                guard let writeError else { return }
                ending = .writeFailed("\(writeError)")
            case .deviceLost:
                ending = .deviceLost
            case .failed(let code):
                ending = .readFailed(code)
            }
            loop.stop()
        }
        try loop.run(until: deadline)
        loop.unwatch(descriptor)
        device.close()
        return ending
    }

    package func process(_ event: InputEvent) {
        guard writeError == nil else { return }
        do {
            try writer.write(event)
            events += 1
            if event.isFrameEnd { frames += 1 }
        } catch {
            writeError = error
        }
    }

    package func beginResynchronization(at time: Int64) {
        process(InputEvent(time: time, type: .syn, code: SynCode.dropped, value: 0))
    }
}
