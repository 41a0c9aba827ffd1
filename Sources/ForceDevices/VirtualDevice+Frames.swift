import CEvdev
import ForceCore
import Glibc

extension VirtualDevice {
    /// Writes `events` with a single system call, so that they reach the kernel together (a
    /// frame and its `SYN_REPORT`, for paced replay). The kernel stamps its own time; the events'
    /// times are not used.
    public func write<Events: Collection>(contentsOf events: Events) throws(DeviceError) where Events.Element == InputEvent {
        let descriptor = fileDescriptor
        guard descriptor >= 0 else { throw .uinputUnavailable(detail: "the device was destroyed") }
        let count = events.count
        guard count > 0 else { return }
        let failure: Int32 = withUnsafeTemporaryAllocation(of: input_event.self, capacity: count) { buffer in
            var index = 0
            for event in events {
                var raw = input_event()
                raw.type = event.type.rawValue
                raw.code = event.code
                raw.value = event.value
                buffer[index] = raw
                index += 1
            }
            let bytes = UnsafeRawBufferPointer(buffer)
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
        guard failure == 0 else { throw .system(path: node ?? "uinput", operation: "writing events", errno: failure) }
    }
}
