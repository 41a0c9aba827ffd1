import CEvdev
import ForceCore
import SystemPackage

extension VirtualDevice {
    /// Writes `events` with a single system call, so that they reach the kernel together (a
    /// frame and its `SYN_REPORT`, for paced replay). The kernel stamps its own time; the events'
    /// times are not used.
    public func write<Events: Collection>(contentsOf events: Events) throws(DeviceError) where Events.Element == InputEvent {
        guard let descriptor = fileDescriptor else { throw .uinputUnavailable(detail: "the device was destroyed") }
        let count = events.count
        guard count > 0 else { return }
        let failure = withUnsafeTemporaryAllocation(of: input_event.self, capacity: count) { buffer -> Errno? in
            var index = 0
            for event in events {
                var raw = input_event()
                raw.type = event.type.rawValue
                raw.code = event.code
                raw.value = event.value
                buffer[index] = raw
                index += 1
            }
            do throws(Errno) {
                try descriptor.writeEverything(UnsafeRawBufferPointer(buffer))
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw .system(path: node ?? "uinput", operation: "writing events", errno: failure) }
    }
}
