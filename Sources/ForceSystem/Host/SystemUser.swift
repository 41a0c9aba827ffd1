import Glibc

/// Who runs this program, as the kernel and the user database say.
package enum SystemUser {
    /// The real user id.
    package static var id: UInt32 { getuid() }

    /// The login name of user `id`, if the user database has it.
    package static func name(of id: UInt32) -> String? {
        getpwuid(id).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
    }
}
