/// Who runs this program, as the kernel and the user database say.
package enum SystemUser {
    /// The real user id.
    package static var id: UInt32 { SystemCall.userID }

    /// The login name of user `id`, if the user database has it.
    package static func name(of id: UInt32) -> String? {
        SystemCall.userName(id)
    }
}
