import CEvdev
import Glibc
import SystemPackage

extension VirtualDevice {
    /// Creates the uinput device libevdev's `device` describes. libevdev (1.13) sends no
    /// `UI_SET_PHYS`, so a device it creates has no physical location: with one to give,
    /// `/dev/uinput` is opened here and `UI_SET_PHYS` sent before libevdev creates the device on
    /// that descriptor, which the caller then owns (to close after `libevdev_uinput_destroy`).
    /// Returns libevdev's status (0, or a negative errno), the device, and that descriptor.
    static func createUinput(from device: OpaquePointer, physicalLocation: String?) -> (status: Int32, uinput: OpaquePointer?, descriptor: FileDescriptor?) {
        var created: OpaquePointer?
        guard let physicalLocation, !physicalLocation.isEmpty else {
            let status = libevdev_uinput_create_from_device(device, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &created)
            return (status, created, nil)
        }
        let descriptor: FileDescriptor
        do {
            descriptor = try SystemCall.system { try FileDescriptor.open("/dev/uinput", .readWrite, options: .closeOnExec) }
        } catch {
            return (-error.rawValue, nil, nil)
        }
        let phys = physicalLocation.withCString { text in
            SystemCall.failure { () throws(Errno) in try SystemCall.run { fb_ioctl_pointer(descriptor.rawValue, fb_ui_set_phys(), UnsafeMutableRawPointer(mutating: text)) } }
        }
        if let phys {
            descriptor.closeQuietly()
            return (-phys.rawValue, nil, nil)
        }
        let status = libevdev_uinput_create_from_device(device, descriptor.rawValue, &created)
        guard status == 0 else {
            descriptor.closeQuietly()
            return (status, nil, nil)
        }
        return (status, created, descriptor)
    }
}
