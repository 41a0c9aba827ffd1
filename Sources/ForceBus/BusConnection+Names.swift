import CSystemd
import Glibc
import SystemPackage

/// Well-known names: owning one, finding who owns one, and watching owners come and go.
extension BusConnection {
    static let busName = "org.freedesktop.DBus"
    static let busPath = "/org/freedesktop/DBus"

    /// Asks the bus for `name` (waiting for its answer) and says whether this connection got it,
    /// queued for it, or found it taken by someone else.
    public func requestName(_ name: String, options: BusNameOptions = []) throws(BusError) -> BusNameOwnership {
        let result = sd_bus_request_name(pointer, name, options.rawValue)
        switch result {
        case -EEXIST: return .taken
        case -EALREADY: return .owned
        case 0: return .queued
        default:
            try BusCall.check(result, "requesting the name \(name)")
            return .owned
        }
    }

    /// Asks the bus for `name` without waiting: `completion` runs inside a later `process()` with
    /// the outcome (for a service already running its loop, e.g. taking over a name its owner
    /// left).
    public func requestNameAsync(_ name: String, options: BusNameOptions = [],
                                 completion: @escaping (Result<BusNameOwnership, BusError>) -> Void) throws(BusError) {
        let box = BusMessageHandlerBox { reply in
            if let error = reply.error { return completion(.failure(error)) }
            // RequestName's answer: 1 primary owner, 2 in the queue, 3 exists, 4 already the owner.
            switch try? reply.read(UInt32.self) {
            case 1, 4: completion(.success(.owned))
            case 2: completion(.success(.queued))
            case 3: completion(.success(.taken))
            default: completion(.failure(.failed("unexpected answer to RequestName(\(name))")))
            }
        }
        let slot = try BusCallbackBox.register(box, "requesting the name \(name)") { userdata, slot in
            sd_bus_request_name_async(pointer, &slot, name, options.rawValue, BusMessageHandlerBox.callback, userdata)
        }
        _ = sd_bus_slot_set_floating(slot, 1)
        sd_bus_slot_unref(slot)
    }

    /// Gives `name` back to the bus; false if this connection did not own it (nor queue for it).
    @discardableResult
    public func releaseName(_ name: String) throws(BusError) -> Bool {
        let result = sd_bus_release_name(pointer, name)
        if result == -ESRCH || result == -EADDRINUSE { return false }
        try BusCall.check(result, "releasing the name \(name)")
        return true
    }

    /// The unique name of `name`'s owner, nil if nobody owns it (asks the bus and waits).
    public func nameOwner(of name: String) throws(BusError) -> String? {
        let call = try methodCall(destination: Self.busName, path: Self.busPath, interface: Self.busName, member: "GetNameOwner")
        try call.append(name)
        do {
            return try self.call(call).read(String.self)
        } catch where error.isNamed(BusError.Names.nameHasNoOwner) {
            return nil
        }
    }

    /// Calls `handler` whenever the owner of `name` changes — or of any name, well-known or
    /// unique, when `name` is nil — while the slot lives. Watch first, then ask `nameOwner(of:)`:
    /// that way no change falls between the two.
    public func watchNameOwner(_ name: String? = nil, _ handler: @escaping (BusNameOwnerChange) -> Void) throws(BusError) -> BusSlot {
        var rule = "type='signal',sender='\(Self.busName)',path='\(Self.busPath)',interface='\(Self.busName)',member='NameOwnerChanged'"
        if let name {
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.:".contains($0)) }) else {
                throw .invalidArguments("\"\(name)\" is not a bus name")
            }
            rule += ",arg0='\(name)'"
        }
        return try addMatch(rule) { message in
            guard let changed = try? message.read(String.self),
                  let old = try? message.read(String.self),
                  let new = try? message.read(String.self) else { return }
            handler(BusNameOwnerChange(name: changed, oldOwner: old.isEmpty ? nil : old, newOwner: new.isEmpty ? nil : new))
        }
    }
}
