import Glibc

/// Who runs this program, as the kernel and the user database say.
public enum SystemUser {
    /// The real user id.
    public static var id: UInt32 { getuid() }

    /// The login name of user `id`, if the user database has it.
    public static func name(of id: UInt32) -> String? {
        getpwuid(id).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
    }
}
