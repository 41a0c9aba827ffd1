/// A named argument of a method or signal, of the Swift type that travels as it
/// (`BusParameter("id", UInt32.self)` is `u`, `BusParameter("hints", [String: BusValue].self)` is
/// `a{sv}`). Declaring members with these is what keeps a method's declared signature and the
/// values its handler receives the same: both come from `Value`.
public struct BusParameter<Value: BusArgument>: Sendable {
    /// The name introspection shows.
    public var name: String

    /// A parameter called `name` of type `Value`.
    public init(_ name: String, _ type: Value.Type = Value.self) {
        self.name = name
    }

    /// The name and signature, without the type.
    var declaration: BusParameterDeclaration { BusParameterDeclaration(name: name, signature: Value.busSignature) }
}

/// A parameter as introspection and the vtable see it: a name and a single complete type.
struct BusParameterDeclaration: Hashable, Sendable {
    var name: String
    var signature: String

    /// The declarations of a pack of parameters, in order.
    static func list<each Value: BusArgument>(_ parameters: repeat BusParameter<each Value>) -> [BusParameterDeclaration] {
        var list: [BusParameterDeclaration] = []
        for parameter in repeat each parameters { list.append(parameter.declaration) }
        return list
    }

    /// The signature of a list (`sa{sv}i`).
    static func signature(of list: [BusParameterDeclaration]) -> String {
        list.map(\.signature).joined()
    }
}
