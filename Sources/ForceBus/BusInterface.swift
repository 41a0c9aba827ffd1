/// An interface an object exports, declared once: its methods with the types of their arguments
/// and results and the code answering them, its signals and its properties.
/// `BusConnection.export(_:at:for:)` turns it into an sd-bus vtable, from which the bus answers
/// calls, `Introspect`, `Get`, `GetAll` and `Set`; `introspectionXML` writes what that
/// introspection says. Handlers receive the object the interface is exported for (`Owner`), so
/// an interface is a value that exists without one: it can be described (documentation, tests)
/// before anything is exported.
///
/// ```swift
/// final class Counter { var total: UInt32 = 0 }
/// let interface = BusInterface<Counter>("org.example.Counter", members: [
///     .method("Add", inputs: BusParameter("amount", UInt32.self), outputs: BusParameter("total", UInt32.self)) { counter, _, amount in
///         counter.total += amount
///         return counter.total
///     },
///     .signal(BusSignal("Reset", BusParameter("reason", String.self))),
///     .property("Total", UInt32.self) { $0.total },
/// ])
/// let exported = try connection.export(interface, at: "/org/example/Counter", for: counter)
/// ```
public struct BusInterface<Owner: AnyObject> {
    /// The interface name (`org.sigxcpu.Feedback`).
    public var name: String
    /// Its members, in introspection order.
    public var members: [BusMember<Owner>]

    /// An interface named `name` with `members`.
    public init(_ name: String, members: [BusMember<Owner>]) {
        self.name = name
        self.members = members
    }

    /// The signature of each signal, by name.
    var signalSignatures: [String: String] {
        var signatures: [String: String] = [:]
        for member in members {
            if case .signal(let arguments) = member.kind { signatures[member.name] = BusParameterDeclaration.signature(of: arguments) }
        }
        return signatures
    }
}
