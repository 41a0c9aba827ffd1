/// The service's names on the bus (`docs/dbus.md`).
public enum ServiceNames {
    /// The well-known name the service owns.
    public static let busName = "org.forcebridge.ForceBridge1"
    /// Its interface.
    public static let interface = "org.forcebridge.ForceBridge1"
    /// Its object.
    public static let path = "/org/forcebridge/ForceBridge1"
    /// feedbackd's name, interface and object, served where feedbackd does not run.
    public static let feedbackName = "org.sigxcpu.Feedback"
    /// feedbackd's object.
    public static let feedbackPath = "/org/sigxcpu/Feedback"
}
