import CEvdev
import ForceSystem
import Glibc
import SystemPackage

/// libevdev's calls that reach the kernel: reading a device's description and its events, and
/// creating and feeding a uinput device. They go through the system layer's funnel like the C
/// library's calls (`SystemCall`): in debug builds, a test's substitute table that also conforms
/// to this protocol answers them for its task. The other calls of libevdev only read or fill in
/// its own memory and are made directly.
package protocol EvdevCallTable: SystemCallTable {
    /// `libevdev_new_from_fd`: a libevdev device describing the evdev node open on `descriptor`.
    func evdevNew(_ descriptor: CInt) throws(Errno) -> OpaquePointer
    /// `libevdev_set_clock_id`: the clock the device stamps events with.
    func evdevSetClock(_ device: OpaquePointer, _ clock: clockid_t) throws(Errno)
    /// `libevdev_next_event`: the next event, with libevdev's status (a `LIBEVDEV_READ_STATUS_…`
    /// or a negative errno, `-EAGAIN` when none is waiting).
    func evdevNextEvent(_ device: OpaquePointer, _ flags: UInt32, _ event: inout input_event) -> Int32
    /// `libevdev_uinput_create_from_device` (managed): a uinput device copying `device`.
    func uinputCreate(_ device: OpaquePointer) throws(Errno) -> OpaquePointer
    /// `libevdev_uinput_create_from_device` on `/dev/uinput` open on `descriptor` (which the
    /// caller keeps and closes): a uinput device copying `device`.
    func uinputCreate(_ device: OpaquePointer, on descriptor: CInt) throws(Errno) -> OpaquePointer
    /// `libevdev_uinput_write_event`: one event into the uinput device.
    func uinputWrite(_ uinput: OpaquePointer, _ type: UInt32, _ code: UInt32, _ value: Int32) throws(Errno)
    /// `libevdev_uinput_destroy`: removes the uinput device.
    func uinputDestroy(_ uinput: OpaquePointer)
}

// The real calls: the default implementations.
extension EvdevCallTable {
    package func evdevNew(_ descriptor: CInt) throws(Errno) -> OpaquePointer {
        var device: OpaquePointer?
        let status = libevdev_new_from_fd(descriptor, &device)
        guard status == 0, let device else { throw Errno(rawValue: -status) }
        return device
    }

    package func evdevSetClock(_ device: OpaquePointer, _ clock: clockid_t) throws(Errno) {
        let status = libevdev_set_clock_id(device, clock)
        guard status == 0 else { throw Errno(rawValue: -status) }
    }

    @inline(__always)
    package func evdevNextEvent(_ device: OpaquePointer, _ flags: UInt32, _ event: inout input_event) -> Int32 {
        libevdev_next_event(device, flags, &event)
    }

    package func uinputCreate(_ device: OpaquePointer) throws(Errno) -> OpaquePointer {
        var created: OpaquePointer?
        let status = libevdev_uinput_create_from_device(device, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &created)
        guard status == 0, let created else { throw Errno(rawValue: -status) }
        return created
    }

    package func uinputCreate(_ device: OpaquePointer, on descriptor: CInt) throws(Errno) -> OpaquePointer {
        var created: OpaquePointer?
        let status = libevdev_uinput_create_from_device(device, descriptor, &created)
        guard status == 0, let created else { throw Errno(rawValue: -status) }
        return created
    }

    package func uinputWrite(_ uinput: OpaquePointer, _ type: UInt32, _ code: UInt32, _ value: Int32) throws(Errno) {
        let status = libevdev_uinput_write_event(uinput, type, code, value)
        guard status == 0 else { throw Errno(rawValue: -status) }
    }

    package func uinputDestroy(_ uinput: OpaquePointer) {
        libevdev_uinput_destroy(uinput)
    }
}

extension LinuxSystemCalls: EvdevCallTable {}

// libevdev's kernel calls in the funnel.
extension SystemCall {
    #if FORCEBRIDGE_SYSCALL_SEAM
    /// The table libevdev's calls go through: the task's substitute when it simulates them.
    @inline(__always)
    static var evdevTable: any EvdevCallTable {
        guard let substitute = SystemCallSeam.substitute else { return LinuxSystemCalls() }
        return substitute as? any EvdevCallTable ?? LinuxSystemCalls()
    }
    #else
    /// The table libevdev's calls go through: the real one.
    @inline(__always)
    static var evdevTable: LinuxSystemCalls { LinuxSystemCalls() }
    #endif

    /// A libevdev device describing the evdev node open on `descriptor`.
    static func evdevOpen(_ descriptor: FileDescriptor) throws(Errno) -> OpaquePointer {
        try retrying { () throws(Errno) in try evdevTable.evdevNew(descriptor.rawValue) }
    }

    /// Makes `device` stamp events with `clock`.
    static func evdevSetClock(_ device: OpaquePointer, _ clock: clockid_t) throws(Errno) {
        try evdevTable.evdevSetClock(device, clock)
    }

    /// The next event of `device` into `event`, with libevdev's status (a negative errno on
    /// failure, `-EAGAIN` when none is waiting; `failure(ofNegatedErrno:)` tells them apart).
    /// The per-event call of the read loop: no wrapping beyond the table.
    @inline(__always)
    static func evdevNextEvent(_ device: OpaquePointer, _ flags: UInt32, _ event: inout input_event) -> Int32 {
        evdevTable.evdevNextEvent(device, flags, &event)
    }

    /// A uinput device copying `device`'s description.
    static func uinputCreate(_ device: OpaquePointer) throws(Errno) -> OpaquePointer {
        try retrying { () throws(Errno) in try evdevTable.uinputCreate(device) }
    }

    /// A uinput device copying `device`'s description, made on the `/dev/uinput` open on
    /// `descriptor` (the caller's to close after the device is destroyed).
    static func uinputCreate(_ device: OpaquePointer, on descriptor: FileDescriptor) throws(Errno) -> OpaquePointer {
        try retrying { () throws(Errno) in try evdevTable.uinputCreate(device, on: descriptor.rawValue) }
    }

    /// Writes one event into `uinput`.
    static func uinputWrite(_ uinput: OpaquePointer, _ type: UInt32, _ code: UInt32, _ value: Int32) throws(Errno) {
        try retrying { () throws(Errno) in try evdevTable.uinputWrite(uinput, type, code, value) }
    }

    /// Removes `uinput`.
    static func uinputDestroy(_ uinput: OpaquePointer) {
        evdevTable.uinputDestroy(uinput)
    }
}
