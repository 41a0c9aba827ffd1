import ForceCore
import ForceSystem
import Glibc

extension DeviceAccess {
    /// Checks `node` for the real user (as `access(2)` does).
    public static func check(_ node: String) -> DeviceAccess {
        if access(node, R_OK | W_OK) == 0 { return .readWrite }
        if access(node, R_OK) == 0 { return .readOnly }
        let code = errno
        if code == ENOENT { return .denied(reason: "the node does not exist") }
        var info = stat()
        guard stat(node, &info) == 0 else { return .denied(reason: DeviceError.message(for: .init(rawValue: code))) }
        let owner = getpwuid(info.st_uid).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "\(info.st_uid)"
        let group = getgrgid(info.st_gid).flatMap { $0.pointee.gr_name.map { String(cString: $0) } } ?? "\(info.st_gid)"
        let mode = String(info.st_mode & 0o777, radix: 8)
        return .denied(reason: "owned by \(owner):\(group) with mode \(mode), and no ACL grants you access", byPermissions: true)
    }
}
