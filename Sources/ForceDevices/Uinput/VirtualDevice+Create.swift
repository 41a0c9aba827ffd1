import CEvdev
import ForceSystem
import SystemPackage

extension VirtualDevice {
    /// Creates the uinput device libevdev's `device` describes. libevdev (1.13) sends no
    /// `UI_SET_PHYS`, so a device it creates has no physical location: with one to give,
    /// `/dev/uinput` is opened here and `UI_SET_PHYS` sent before libevdev creates the device on
    /// that descriptor, which the caller then owns (to close after `libevdev_uinput_destroy`).
    /// Returns the device and that descriptor (nil when libevdev opened its own).
    static func createUinput(from device: OpaquePointer, physicalLocation: String?) throws(Errno) -> (uinput: OpaquePointer, descriptor: FileDescriptor?) {
        guard let physicalLocation, !physicalLocation.isEmpty else {
            return (try SystemCall.uinputCreate(device), nil)
        }
        let descriptor = try SystemCall.open("/dev/uinput", .readWrite, options: .closeOnExec)
        do throws(Errno) {
            var text = Array(physicalLocation.utf8CString)
            let sent = text.withUnsafeMutableBytes { bytes in
                Result { () throws(Errno) in try SystemCall.ioctl(descriptor, UInt(fb_ui_set_phys()), bytes.baseAddress) }
            }
            _ = try sent.get()
            return (try SystemCall.uinputCreate(device, on: descriptor), descriptor)
        } catch {
            descriptor.closeQuietly()
            throw error
        }
    }
}
