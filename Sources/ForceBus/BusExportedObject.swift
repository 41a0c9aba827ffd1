import CSystemd
import Glibc

/// An interface exported at a path: the sd-bus vtable built from a `BusInterface`, the C strings
/// it points to, and the Swift handlers its callbacks reach through the userdata pointer. sd-bus
/// keeps using the vtable until it destroys the slot, which then releases this object.
final class BusExportedObject {
    private let vtable: UnsafeMutablePointer<sd_bus_vtable>
    private var strings: [UnsafeMutablePointer<CChar>] = []
    private var methods: [String: (handler: (BusMethodCall) throws(BusError) -> Void, hasOutputs: Bool)] = [:]
    private var getters: [String: PropertyHandler] = [:]
    private var setters: [String: PropertyHandler] = [:]

    /// Appends a property's value to a reply, or reads its new value from a message.
    typealias PropertyHandler = (BusMessage) throws(BusError) -> Void

    /// The vtable of `interface`, its handlers called with `owner` while it lives (and answering
    /// with `UnknownObject` once it is gone).
    init<Owner: AnyObject>(_ interface: BusInterface<Owner>, owner: Owner) {
        vtable = .allocate(capacity: interface.members.count + 2)
        fb_bus_vtable_start(vtable, 0)
        let gone = BusError(name: "org.freedesktop.DBus.Error.UnknownObject", message: "the object of \(interface.name) is gone",
                            errno: .noSuchFileOrDirectory)
        for (index, member) in interface.members.enumerated() {
            let entry = vtable + index + 1
            let flags = Self.flags(member.flags)
            switch member.kind {
            case .method(let inputs, let outputs, let handler):
                methods[member.name] = (Self.bind(handler, to: owner, gone: gone), !outputs.isEmpty)
                fb_bus_vtable_method(entry, text(member.name), text(BusParameterDeclaration.signature(of: inputs)),
                                     text(BusParameterDeclaration.signature(of: outputs)), names(inputs + outputs), Self.methodCallback, flags)
            case .signal(let arguments):
                fb_bus_vtable_signal(entry, text(member.name), text(BusParameterDeclaration.signature(of: arguments)), names(arguments), flags)
            case .property(let signature, let get, let set):
                getters[member.name] = Self.bind(get, to: owner, gone: gone)
                if let set { setters[member.name] = Self.bind(set, to: owner, gone: gone) }
                fb_bus_vtable_property(entry, text(member.name), text(signature), Self.getCallback,
                                       set == nil ? nil : Self.setCallback, flags)
            }
        }
        fb_bus_vtable_end(vtable + interface.members.count + 1)
    }

    /// `body` with `owner` (held weakly) as its first argument; `gone` is thrown once the owner is.
    private static func bind<Owner: AnyObject, Argument>(_ body: @escaping (Owner, Argument) throws(BusError) -> Void, to owner: Owner,
                                                         gone: BusError) -> (Argument) throws(BusError) -> Void {
        weak let weakOwner = owner
        return { argument throws(BusError) in
            guard let owner = weakOwner else { throw gone }
            try body(owner, argument)
        }
    }

    deinit {
        vtable.deallocate()
        strings.forEach { free($0) }
    }

    /// The vtable to hand to `sd_bus_add_object_vtable`.
    var table: UnsafePointer<sd_bus_vtable> { UnsafePointer(vtable) }

    // MARK: - Building

    private func text(_ value: String) -> UnsafeMutablePointer<CChar> {
        let copy = strdup(value)!
        strings.append(copy)
        return copy
    }

    /// Argument names, each ended by a NUL, as sd-bus wants them (`"id\0reason\0"`); an unnamed
    /// argument is called `argN`.
    private func names(_ parameters: [BusParameterDeclaration]) -> UnsafeMutablePointer<CChar> {
        let named = parameters.enumerated().map { $1.name.isEmpty ? "arg\($0)" : $1.name }
        let bytes: [UInt8] = named.flatMap { Array($0.utf8) + [0] } + [0]
        let copy = malloc(bytes.count)!.assumingMemoryBound(to: CChar.self)
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        strings.append(copy)
        return copy
    }

    private static func flags(_ flags: BusMemberFlags) -> UInt64 {
        let table: [(BusMemberFlags, UInt64)] = [
            (.deprecated, fb_bus_vtable_flag_deprecated()), (.hidden, fb_bus_vtable_flag_hidden()),
            (.unprivileged, fb_bus_vtable_flag_unprivileged()), (.noReply, fb_bus_vtable_flag_no_reply()),
            (.constant, fb_bus_vtable_flag_const()), (.emitsChange, fb_bus_vtable_flag_emits_change()),
            (.emitsInvalidation, fb_bus_vtable_flag_emits_invalidation()), (.sensitive, fb_bus_vtable_flag_sensitive()),
        ]
        return table.reduce(0) { flags.contains($1.0) ? $0 | $1.1 : $0 }
    }

    // MARK: - Callbacks from sd-bus

    private static let methodCallback: sd_bus_message_handler_t = { message, userdata, error in
        guard let message, let object = BusCallbackBox.object(userdata, as: BusExportedObject.self) else { return -EINVAL }
        let call = BusMethodCall(message: BusMessage(borrowing: message))
        guard let method = object.methods[call.member] else { return -EOPNOTSUPP }
        do throws(BusError) {
            try method.handler(call)
        } catch let failure {
            return call.isAnswered ? 1 : BusCall.report(failure, into: error)
        }
        guard !call.isAnswered, !call.isDeferred else { return 1 }
        // A handler that forgot to answer a method with outputs would leave the caller waiting.
        let missing = BusError.failed("the service did not answer \(call.member)")
        do throws(BusError) {
            if method.hasOutputs { try call.fail(with: missing) } else { try call.reply() }
        } catch let failure {
            return BusCall.report(failure, into: error)
        }
        return 1
    }

    private static let getCallback: sd_bus_property_get_t = { _, _, _, property, reply, userdata, error in
        BusExportedObject.handleProperty(property, reply, userdata, error, with: \.getters)
    }

    private static let setCallback: sd_bus_property_set_t = { _, _, _, property, value, userdata, error in
        BusExportedObject.handleProperty(property, value, userdata, error, with: \.setters)
    }

    /// Runs the handler that `handlers` keeps for `property` on `message`: a getter appends the
    /// value to the reply, a setter reads the new value from the call.
    private static func handleProperty(
        _ property: UnsafePointer<CChar>?, _ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
        _ error: UnsafeMutablePointer<sd_bus_error>?, with handlers: KeyPath<BusExportedObject, [String: PropertyHandler]>
    ) -> Int32 {
        guard let property, let message, let object = BusCallbackBox.object(userdata, as: BusExportedObject.self),
              let handler = object[keyPath: handlers][String(cString: property)] else { return -EINVAL }
        do throws(BusError) {
            try handler(BusMessage(borrowing: message))
            return 1
        } catch let failure {
            return BusCall.report(failure, into: error)
        }
    }
}

extension BusConnection {
    /// Exports `interface` at `path` for `owner` while the returned value lives: the bus routes
    /// calls of its methods to their handlers (with `owner`, which is not kept alive by the
    /// export) and answers introspection and property requests from it.
    public func export<Owner: AnyObject>(_ interface: BusInterface<Owner>, at path: String, for owner: Owner) throws(BusError) -> BusExportedInterface {
        let object = BusExportedObject(interface, owner: owner)
        let slot = try BusCallbackBox.register(object, "exporting \(interface.name) at \(path)") { userdata, slot in
            sd_bus_add_object_vtable(pointer, &slot, path, interface.name, object.table, userdata)
        }
        return BusExportedInterface(connection: self, path: path, interface: interface.name,
                                    signals: interface.signalSignatures, slot: BusSlot(pointer: slot))
    }
}
