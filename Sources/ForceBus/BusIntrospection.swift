/// Introspection XML as sd-bus writes it for an exported interface, produced from the
/// interface's declaration without exporting it: the service's documentation is generated from
/// the same value the bus serves, and a test compares the two.
extension BusInterface {
    /// The `<interface>` element the bus answers `Introspect` with. On a bus whose peers are
    /// not trusted (not a session bus), sd-bus marks the methods and writable properties that
    /// are not `.unprivileged` as privileged.
    public func introspectionXML(trustedBus: Bool = true) -> String {
        var xml = " <interface name=\"\(name)\">\n"
        for member in members where !member.flags.contains(.hidden) {
            switch member.kind {
            case .method(let inputs, let outputs, _):
                xml += "  <method name=\"\(member.name)\">\n"
                for input in inputs { xml += Self.argument(input, direction: "in") }
                for output in outputs { xml += Self.argument(output, direction: "out") }
                xml += Self.annotations(member.flags, isMethod: true, isProperty: false)
                if !trustedBus && !member.flags.contains(.unprivileged) { xml += Self.privileged }
                xml += "  </method>\n"
            case .signal(let arguments):
                xml += "  <signal name=\"\(member.name)\">\n"
                for argument in arguments { xml += Self.argument(argument, direction: nil) }
                xml += Self.annotations(member.flags, isMethod: false, isProperty: false)
                xml += "  </signal>\n"
            case .property(let signature, _, let set):
                xml += "  <property name=\"\(member.name)\" type=\"\(signature)\" access=\"\(set == nil ? "read" : "readwrite")\">\n"
                xml += Self.annotations(member.flags, isMethod: false, isProperty: true)
                if !trustedBus && set != nil && !member.flags.contains(.unprivileged) { xml += Self.privileged }
                xml += "  </property>\n"
            }
        }
        return xml + " </interface>\n"
    }

    private static func argument(_ parameter: BusParameterDeclaration, direction: String?) -> String {
        "   <arg type=\"\(parameter.signature)\" name=\"\(parameter.name)\"" + (direction.map { " direction=\"\($0)\"" } ?? "") + "/>\n"
    }

    private static func annotation(_ name: String, _ value: String) -> String {
        "   <annotation name=\"\(name)\" value=\"\(value)\"/>\n"
    }

    private static var privileged: String { annotation("org.freedesktop.systemd1.Privileged", "true") }

    /// The annotations sd-bus derives from a member's flags.
    private static func annotations(_ flags: BusMemberFlags, isMethod: Bool, isProperty: Bool) -> String {
        var xml = ""
        if flags.contains(.deprecated) { xml += annotation("org.freedesktop.DBus.Deprecated", "true") }
        if isMethod && flags.contains(.noReply) { xml += annotation("org.freedesktop.DBus.Method.NoReply", "true") }
        if isProperty {
            let emits = flags.contains(.constant) ? "const"
                : flags.contains(.emitsInvalidation) ? "invalidates" : flags.contains(.emitsChange) ? nil : "false"
            if let emits { xml += annotation("org.freedesktop.DBus.Property.EmitsChangedSignal", emits) }
        }
        return xml
    }
}

/// Whole introspection documents.
public enum BusIntrospection {
    /// The document type every introspection document starts with.
    public static let doctype = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
        "https://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">

        """

    /// A document of one node holding `interfaces` (their `introspectionXML`), with `comment`
    /// (its lines indented under the first) after the document type.
    public static func document(_ interfaces: [String], comment: String? = nil) -> String {
        var xml = doctype
        if let comment {
            let lines = comment.split(separator: "\n", omittingEmptySubsequences: false)
            xml += "<!-- " + lines.joined(separator: "\n     ") + " -->\n"
        }
        return xml + "<node>\n" + interfaces.joined() + "</node>\n"
    }
}
