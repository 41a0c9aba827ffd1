/// The files that start the service: a systemd user unit and a D-Bus activation file. The
/// same text ships as `service/*.in` for `make install` (a test keeps them equal); `forcebridge
/// service install` writes them for one user, pointing at the running binary.
public enum ServiceFiles {
    /// The unit's file name.
    public static let unitName = "forcebridge.service"
    /// The activation file's name.
    public static let activationName = ServiceNames.busName + ".service"

    /// The systemd user unit, running `forcebridge` from `binaryDirectory`.
    public static func unit(binaryDirectory: String) -> String {
        """
        [Unit]
        Description=ForceBridge: force, interactions and haptics for applications on the session bus
        Documentation=man:forcebridge.serve(1)

        [Service]
        Type=dbus
        BusName=\(ServiceNames.busName)
        ExecStart=\(binaryDirectory)/forcebridge serve

        [Install]
        WantedBy=default.target

        """
    }

    /// The D-Bus activation file: the bus starts the unit (or the binary) on the first call.
    public static func activation(binaryDirectory: String) -> String {
        """
        [D-BUS Service]
        Name=\(ServiceNames.busName)
        Exec=\(binaryDirectory)/forcebridge serve
        SystemdService=\(unitName)

        """
    }

    /// Where one user's files go: `$XDG_CONFIG_HOME/systemd/user` and
    /// `$XDG_DATA_HOME/dbus-1/services` (with their usual defaults under `HOME`).
    public static func userDirectories(environment: [String: String]) -> (units: String, activation: String)? {
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        let configuration = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        return (configuration + "/systemd/user", data + "/dbus-1/services")
    }
}
