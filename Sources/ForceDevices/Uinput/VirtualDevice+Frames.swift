import CEvdev
import ForceCore
import ForceSystem
import SystemPackage

/// The writing end of a virtual device: its uinput descriptor and node, which a thread pacing
/// frames may hold (the device itself stays with its creator, who destroys it).
package struct UinputOutput: Sendable {
    /// The event node readers open.
    package let node: String
    let descriptor: FileDescriptor

    /// Writes into `descriptor`, readers opening `node` (a uinput device's; a test's pipe).
    package init(node: String, descriptor: FileDescriptor) {
        self.node = node
        self.descriptor = descriptor
    }

    /// Writes `events` with a single system call, so that they reach the kernel together (a
    /// frame and its `SYN_REPORT`, for paced replay). The kernel stamps its own time; the events'
    /// times are not used.
    package func write<Events: Collection>(contentsOf events: Events) throws(DeviceError) where Events.Element == InputEvent {
        let count = events.count
        guard count > 0 else { return }
        let failure = withUnsafeTemporaryAllocation(of: input_event.self, capacity: count) { buffer -> Errno? in
            var index = 0
            for event in events {
                var raw = input_event()
                raw.type = event.type.rawValue
                raw.code = event.code.rawValue
                raw.value = event.value
                buffer[index] = raw
                index += 1
            }
            return SystemCall.failure { () throws(Errno) in try descriptor.writeEverything(UnsafeRawBufferPointer(buffer)) }
        }
        if let failure { throw .system(path: node, operation: "writing events", errno: failure) }
    }
}

extension VirtualDevice {
    /// Its writing end (nil once destroyed or without a node).
    package var output: UinputOutput? {
        guard let descriptor = fileDescriptor, let node else { return nil }
        return UinputOutput(node: node, descriptor: descriptor)
    }

    /// Writes `events` with a single system call (see `UinputOutput.write(contentsOf:)`).
    package func write<Events: Collection>(contentsOf events: Events) throws(DeviceError) where Events.Element == InputEvent {
        guard let output else { throw .uinputUnavailable(detail: "the device was destroyed") }
        try output.write(contentsOf: events)
    }
}
