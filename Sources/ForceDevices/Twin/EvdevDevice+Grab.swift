import CEvdev
import ForceSystem
import SystemPackage

extension EvdevDevice {
    /// Takes the kernel's grab of the device (`EVIOCGRAB`): from now on this descriptor alone
    /// receives its events, every other reader none. The kernel lets go when the descriptor
    /// closes, also when the process dies, so the device never stays captive. Fails with `EBUSY`
    /// when another descriptor holds the grab.
    public func grab() throws(Errno) {
        guard let descriptor = fileDescriptor else { throw .noSuchAddressOrDevice }
        _ = try SystemCall.ioctl(descriptor, UInt(fb_eviocgrab()), value: 1)
    }

    /// Lets go of the grab: the other readers receive the device's events again.
    public func releaseGrab() {
        guard let descriptor = fileDescriptor else { return }
        _ = try? SystemCall.ioctl(descriptor, UInt(fb_eviocgrab()), value: 0)
    }
}
