import ForceBus

/// The introspection XML of the service's interfaces, generated from their declarations: what
/// `docs/org.forcebridge.ForceBridge1.xml`, `docs/org.sigxcpu.Feedback.xml` and
/// `docs/org.forcebridge.Twin1.xml` hold (a test keeps them equal) and `forcebridge serve --print-introspection NAME` prints.
public enum ServiceIntrospection {
    /// The interfaces the service exports, each with its object path.
    public static let interfaces: [(name: String, path: String)] = [
        (ServiceNames.interface, ServiceNames.path), (ServiceNames.feedbackName, ServiceNames.feedbackPath),
        (TwinControl.interfaceName, TwinControl.path),
    ]

    /// The `<interface>` element of `name`, as the bus answers `Introspect` with it; nil for a
    /// name the service does not export.
    public static func element(of name: String) -> String? {
        switch name {
        case ServiceNames.interface: return ForceBridgeService.interface.introspectionXML()
        case ServiceNames.feedbackName: return FeedbackService.interface.introspectionXML()
        case TwinControl.interfaceName: return TwinControl.interface.introspectionXML()
        default: return nil
        }
    }

    /// The whole document of `name`, as `docs/` ships it; nil for a name the service does not export.
    public static func document(of name: String) -> String? {
        guard let element = element(of: name), let path = interfaces.first(where: { $0.name == name })?.path else { return nil }
        return BusIntrospection.document([element], comment: """
            \(name) at \(path), as `forcebridge serve` exports it (see docs/dbus.md).
            Generated from the service's declaration by `forcebridge serve --print-introspection \(name)`;
            a test keeps this file equal to it.
            """)
    }
}
