import ForceCore
import ForceDevices
import Glibc
import ServiceBenchSupport

/// The touchscreen of the run: a uinput MT protocol B panel with pressure (the ELAN i2c panel of
/// the guest tests), driven one frame at a time, and a reader of its own event node that gives
/// each frame's kernel timestamp on CLOCK_MONOTONIC (`EVIOCSCLOCKID`), the clock subscribers'
/// receipts are taken on.
final class GuestTouchscreen {
    let device: VirtualDevice
    let node: String
    private let reader: Int32
    private var pending: [UInt8] = []
    private var tracking: Int32 = 0

    init(name: String) throws {
        var description = DeviceDescription(name: name, id: InputID(bustype: 0x18, vendor: 0x04f3, product: 0x2c82, version: 0x100))
        description.properties = PropertySet([InputProperty.direct])
        description.enable(.key, code: KeyCode.touch)
        description.enable(.abs, code: AbsCode.x, axis: AxisInfo(minimum: 0, maximum: 3839, resolution: 13))
        description.enable(.abs, code: AbsCode.y, axis: AxisInfo(minimum: 0, maximum: 2159, resolution: 13))
        description.enable(.abs, code: AbsCode.mtSlot, axis: AxisInfo(minimum: 0, maximum: 9))
        description.enable(.abs, code: AbsCode.mtPositionX, axis: AxisInfo(minimum: 0, maximum: 3839, resolution: 13))
        description.enable(.abs, code: AbsCode.mtPositionY, axis: AxisInfo(minimum: 0, maximum: 2159, resolution: 13))
        description.enable(.abs, code: AbsCode.mtTrackingID, axis: AxisInfo(minimum: 0, maximum: 65535))
        description.enable(.abs, code: AbsCode.mtPressure, axis: AxisInfo(minimum: 0, maximum: 255))
        device = try VirtualDevice(description: description)
        guard let node = device.node else { throw HarnessError("the touchscreen's event node did not appear") }
        self.node = node
        var opened: Int32 = -1
        for _ in 0..<500 {
            opened = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            if opened >= 0 { break }
            usleep(10_000)
        }
        guard opened >= 0 else { throw HarnessError("cannot open \(node): \(String(cString: strerror(errno)))") }
        reader = opened
        var clock = CLOCK_MONOTONIC
        // EVIOCSCLOCKID = _IOW('E', 0xa0, int)
        guard ioctl(reader, UInt(0x4004_45a0), &clock) == 0 else { throw HarnessError("EVIOCSCLOCKID: \(String(cString: strerror(errno)))") }
    }

    deinit {
        close(reader)
        device.destroy()
    }

    /// Sends frame `index` of a press of `length` frames (touch down on the first, up on the
    /// last, moving and pressing harder and softer in between: every frame changes the touch,
    /// so every frame is a `touch` line) and returns the kernel's timestamp of the frame (µs).
    func sendFrame(_ index: Int, of length: Int) throws -> Int64 {
        var events: [(EventType, EventCode, Int32)] = [(.abs, AbsCode.mtSlot, 0)]
        let x = Int32(1000 + 3 * index), y = Int32(1000 + 2 * index)
        let pressure = Int32(40 + (index * 7) % 200)
        if index == 0 {
            tracking = (tracking + 1) % 65535
            events += [(.abs, AbsCode.mtTrackingID, tracking)]
        }
        if index == length - 1 {
            events += [(.abs, AbsCode.mtTrackingID, -1), (.key, KeyCode.touch, 0)]
        } else {
            events += [(.abs, AbsCode.mtPositionX, x), (.abs, AbsCode.mtPositionY, y), (.abs, AbsCode.mtPressure, pressure),
                       (.abs, AbsCode.x, x), (.abs, AbsCode.y, y)]
            if index == 0 { events += [(.key, KeyCode.touch, 1)] }
        }
        for (type, code, value) in events { try device.write(InputEvent(time: 0, type: type, code: code, value: value)) }
        try device.write(InputEvent.report(at: 0))
        return try readReport()
    }

    /// The kernel time of the next `SYN_REPORT` on the node (µs), waiting up to a second.
    private func readReport() throws -> Int64 {
        let size = 24
        let deadline = monotonicSeconds() + 1
        while monotonicSeconds() < deadline {
            var buffer = [UInt8](repeating: 0, count: size * 64)
            let count = read(reader, &buffer, buffer.count)
            if count > 0 {
                pending += buffer[0..<count]
            } else {
                var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 100)
            }
            while pending.count >= size {
                let event = Array(pending[0..<size])
                pending.removeFirst(size)
                let type = UInt16(event[16]) | UInt16(event[17]) << 8
                let code = UInt16(event[18]) | UInt16(event[19]) << 8
                guard type == 0, code == 0 else { continue }
                let seconds = event[0..<8].enumerated().reduce(Int64(0)) { $0 | Int64($1.element) << (8 * $1.offset) }
                let micros = event[8..<16].enumerated().reduce(Int64(0)) { $0 | Int64($1.element) << (8 * $1.offset) }
                return seconds * 1_000_000 + micros
            }
        }
        throw HarnessError("no SYN_REPORT on \(node) within a second")
    }
}
