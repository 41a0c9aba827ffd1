/// One member of a `BusInterface`: a method, a signal or a property, declared with Swift types.
///
/// A method's handler receives its arguments already read, as the types its parameters
/// declare, and returns its results as the types its outputs declare: the signature sd-bus
/// checks incoming calls against and the values the handler works with come from the same
/// declaration, so they cannot disagree. Throwing a `BusError` answers with that error.
public struct BusMember<Owner: AnyObject> {
    /// What the member is, with its types reduced to signatures and its code to calls on a
    /// message.
    enum Kind {
        /// Reads the arguments from the call and answers it (or keeps it to answer later).
        case method(inputs: [BusParameterDeclaration], outputs: [BusParameterDeclaration],
                    handler: (Owner, BusMethodCall) throws(BusError) -> Void)
        case signal(arguments: [BusParameterDeclaration])
        /// `get` appends the value to a reply; `set` reads the new value from a message.
        case property(signature: String, get: (Owner, BusMessage) throws(BusError) -> Void,
                      set: ((Owner, BusMessage) throws(BusError) -> Void)?)
    }

    /// The member's name.
    public let name: String
    /// Its flags.
    public let flags: BusMemberFlags
    let kind: Kind

    /// A method answered by `handler`, which gets the owner, the call (who sent it) and the
    /// arguments, and returns the results.
    ///
    /// ```swift
    /// .method("Echo", inputs: BusParameter("text", String.self), outputs: BusParameter("text", String.self)) { _, _, text -> String in text }
    /// ```
    ///
    /// (Swift 6.3 cannot infer the result of a one-expression handler with one output inside an
    /// interface's member list; the `-> String` above says it.)
    public static func method<each Input: BusArgument, each Output: BusArgument>(
        _ name: String, inputs: repeat BusParameter<each Input>, outputs: repeat BusParameter<each Output>,
        flags: BusMemberFlags = [],
        handler: @escaping (Owner, BusMethodCall, repeat each Input) throws(BusError) -> (repeat each Output)
    ) -> BusMember {
        method(name, flags: flags, inputs: BusParameterDeclaration.list(repeat each inputs),
               outputs: BusParameterDeclaration.list(repeat each outputs)) { owner, call throws(BusError) in
            let results = try handler(owner, call, repeat each call.arguments(repeat (each Input).self))
            try call.reply { reply throws(BusError) in
                for result in repeat each results { try result.append(to: reply) }
            }
        }
    }

    /// A method whose answer comes later: `handler` gets the owner, the reply to send (once,
    /// whenever it is ready: from a timer, another call's completion) and the arguments.
    /// Throwing before answering answers with the error.
    public static func deferredMethod<each Input: BusArgument, each Output: BusArgument>(
        _ name: String, inputs: repeat BusParameter<each Input>, outputs: repeat BusParameter<each Output>,
        flags: BusMemberFlags = [],
        handler: @escaping (Owner, BusPendingReply<repeat each Output>, repeat each Input) throws(BusError) -> Void
    ) -> BusMember {
        method(name, flags: flags, inputs: BusParameterDeclaration.list(repeat each inputs),
               outputs: BusParameterDeclaration.list(repeat each outputs)) { owner, call throws(BusError) in
            let arguments = try call.arguments(repeat (each Input).self)
            call.deferReply()
            try handler(owner, BusPendingReply(call), repeat each arguments)
        }
    }

    /// A method with these parameters, answered by `handler`.
    private static func method(_ name: String, flags: BusMemberFlags, inputs: [BusParameterDeclaration], outputs: [BusParameterDeclaration],
                               handler: @escaping (Owner, BusMethodCall) throws(BusError) -> Void) -> BusMember {
        BusMember(name: name, flags: flags, kind: .method(inputs: inputs, outputs: outputs, handler: handler))
    }

    /// A signal the object emits (`BusExportedInterface.emit`).
    public static func signal<each Argument: BusArgument>(_ signal: BusSignal<repeat each Argument>) -> BusMember {
        BusMember(name: signal.name, flags: signal.flags, kind: .signal(arguments: signal.arguments))
    }

    /// A property of type `Value` read with `get` and, when `set` is given, writable.
    public static func property<Value: BusArgument>(
        _ name: String, _ type: Value.Type, flags: BusMemberFlags = [],
        get: @escaping (Owner) throws(BusError) -> Value, set: ((Owner, Value) throws(BusError) -> Void)? = nil
    ) -> BusMember {
        var write: ((Owner, BusMessage) throws(BusError) -> Void)?
        if let set {
            write = { owner, message throws(BusError) in
                let value = try Value.read(from: message)
                try set(owner, value)
            }
        }
        return BusMember(name: name, flags: flags, kind: .property(signature: Value.busSignature, get: { owner, reply throws(BusError) in
            try get(owner).append(to: reply)
        }, set: write))
    }
}
