import ForceCore
import ForceSystem
import Glibc
import SystemPackage

extension DeviceAccess {
    /// Checks `node` for the real user (as `access(2)` does).
    public static func check(_ node: String) -> DeviceAccess {
        if SystemCall.isAccessible(node, R_OK | W_OK) { return .readWrite }
        guard let code = SystemCall.failure(of: { () throws(Errno) in try SystemCall.checkAccess(node, R_OK) }) else { return .readOnly }
        if code == .noSuchFileOrDirectory { return .denied(reason: "the node does not exist") }
        guard let info = try? SystemCall.status(ofPath: node) else { return .denied(reason: DeviceError.message(for: code)) }
        let owner = SystemCall.userName(info.st_uid) ?? "\(info.st_uid)"
        let group = SystemCall.groupName(info.st_gid) ?? "\(info.st_gid)"
        let mode = String(info.st_mode & 0o777, radix: 8)
        return .denied(reason: "owned by \(owner):\(group) with mode \(mode), and no ACL grants you access", byPermissions: true)
    }
}
