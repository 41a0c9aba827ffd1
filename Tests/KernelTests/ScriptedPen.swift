import ForceCore
import ForceDevices
import ForceSystem
import ForceRecording
import Glibc
import Testing

/// A pen played from a recorded calibration session into a uinput device one stroke at a time,
/// so that a test hands the wizard each press only once the wizard is ready for it. The strokes:
/// the rest before the first press, then each press from the frame its pressure rises to the
/// frame before the next press rises (the release and the hovering after it belong to it). A
/// stroke plays at the recording's pace divided by `pace`: how long a press lasts is part of what
/// the wizard judges, and the kernel stamps each event when it is written.
final class ScriptedPen {
    /// The virtual pen.
    let device: VirtualDevice
    /// Its node.
    let node: String
    /// The frames before the first press.
    let rest: [[InputEvent]]
    /// Each press with what follows it up to the next press, in order.
    let presses: [[[InputEvent]]]
    private let pace: Double

    /// Splits `path` into strokes and creates its device. A press is the pressure rising through
    /// a twentieth of the axis range above where the pen rests in the first frame.
    init(_ path: String, pace: Double = 1) throws {
        let recording = try Recording(contentsOf: path)
        let axis = try #require(recording.description.axes[AbsCode.pressure], "\(path) has no ABS_PRESSURE")
        var strokes: [[[InputEvent]]] = [[]]
        var frame: [InputEvent] = []
        var resting: Int32?
        var pressure: Int32?
        for event in recording.events {
            frame.append(event)
            guard event.isFrameEnd else { continue }
            let value = frame.last { $0.type == .abs && $0.code == AbsCode.pressure }?.value ?? pressure
            if let value, let resting, let pressure {
                let threshold = resting + (axis.maximum - axis.minimum) / 20
                if pressure < threshold && value >= threshold { strokes.append([]) }
            }
            resting = resting ?? value
            pressure = value
            strokes[strokes.count - 1].append(frame)
            frame.removeAll()
        }
        rest = strokes[0]
        presses = Array(strokes.dropFirst())
        self.pace = pace
        device = try VirtualDevice(description: recording.description)
        node = try #require(device.node, "uinput gave the pen no node")
    }

    /// Writes `stroke`'s frames at the recording's pace (divided by `pace`), from its first frame.
    func play(_ stroke: [[InputEvent]]) throws {
        guard let first = stroke.first?.first?.time else { return }
        let start = MonotonicClock.now()
        for frame in stroke {
            let due = start + Int64(Double(frame[0].time - first) / pace)
            let early = due - MonotonicClock.now()
            if early > 0 { usleep(UInt32(early)) }
            for event in frame { try device.write(event) }
        }
    }

    /// Removes the device.
    func destroy() {
        device.destroy()
    }
}
