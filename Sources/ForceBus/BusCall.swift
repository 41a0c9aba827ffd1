import CSystemd
import SystemPackage

/// The bridge between sd-bus's conventions and Swift's: negative `errno` returns become `BusError`,
/// and `sd_bus_error` values are read and freed.
enum BusCall {
    /// Checks an sd-bus return value: negative values are `-errno`.
    @discardableResult
    static func check(_ result: Int32, _ operation: @autoclosure () -> String) throws(BusError) -> Int32 {
        guard result < 0 else { return result }
        throw BusError(errno: Errno(rawValue: -result), operation: operation())
    }

    /// The Swift value of an `sd_bus_error` that is set (nil when it is not), freeing it.
    static func take(_ error: inout sd_bus_error, result: Int32) -> BusError? {
        defer { sd_bus_error_free(&error) }
        guard sd_bus_error_is_set(&error) != 0, let name = error.name else { return nil }
        let code = sd_bus_error_get_errno(&error)
        let message = error.message.map { String(cString: $0) } ?? ""
        return BusError(name: String(cString: name), message: message,
                        errno: Errno(rawValue: code != 0 ? code : (result < 0 ? -result : EIO)))
    }

    /// Fills `target` (an sd-bus handler's `ret_error`) from `error` and returns what the handler
    /// must return: errors with a name travel as they are; the others become sd-bus's mapping of
    /// their errno.
    static func report(_ error: BusError, into target: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        guard let name = error.name, let target else { return -max(1, error.errno.rawValue) }
        return sd_bus_error_set(target, name, error.message)
    }
}
