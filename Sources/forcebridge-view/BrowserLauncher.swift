import ForceDevices
import ForceSystem

/// Opens the page in the user's browser when there is one at hand: a graphical session
/// (`DISPLAY` or `WAYLAND_DISPLAY`) and `xdg-open`.
enum BrowserLauncher {
    /// Starts `xdg-open URL`; nil when there is no browser at hand or it could not start.
    static func open(_ url: String) -> Subprocess? {
        let environment = Subprocess.currentEnvironment
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil,
              let opener = Subprocess.locate("xdg-open") else { return nil }
        return try? Subprocess(opener, [url])
    }
}
