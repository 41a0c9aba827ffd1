/// A signal an interface declares, with the types of its arguments: the same value goes into
/// the interface (`BusMember.signal`) and is emitted (`BusExportedInterface.emit`), so what is
/// sent always matches what introspection announces.
///
/// ```swift
/// static let feedbackEnded = BusSignal("FeedbackEnded", BusParameter("id", UInt32.self), BusParameter("reason", UInt32.self))
/// try exported.emit(Self.feedbackEnded, id, reason)
/// ```
public struct BusSignal<each Argument: BusArgument>: Sendable {
    /// The member name.
    public let name: String
    /// Introspection flags (`.deprecated`, `.hidden`).
    public let flags: BusMemberFlags
    /// The arguments' names and types.
    let arguments: [BusParameterDeclaration]

    /// A signal called `name` with `arguments`.
    public init(_ name: String, _ arguments: repeat BusParameter<each Argument>, flags: BusMemberFlags = []) {
        self.name = name
        self.flags = flags
        self.arguments = BusParameterDeclaration.list(repeat each arguments)
    }

    /// The signature of its arguments (`uu`).
    public var signature: String { BusParameterDeclaration.signature(of: arguments) }

    /// Appends `values` to `message`, in order.
    func append(_ values: repeat each Argument, to message: BusMessage) throws(BusError) {
        for value in repeat each values { try value.append(to: message) }
    }
}
