/// Who the `uaccess` tag gives access to: the user of the active session on a seat, as
/// systemd-logind reports it (through `loginctl`, its public interface).
public enum SeatUser: Hashable, Sendable {
    /// The seat's active session belongs to this user.
    case active(userID: UInt32, name: String)
    /// logind runs, but nobody is logged in at the seat (only remote or no sessions).
    case nobody
    /// logind cannot be asked (not installed, not running, a container): uaccess grants no one.
    case unknown(reason: String)

    /// Asks logind about `seat` (the device's `ID_SEAT`, `seat0` by default).
    public static func query(seat: String = "seat0", runner: any SystemCommandRunning = ProcessCommandRunner()) -> SeatUser {
        guard let loginctl = runner.locate("loginctl") else { return .unknown(reason: "loginctl is not installed (no systemd-logind)") }
        let seatInfo = runner.run(SystemCommand(loginctl, ["show-seat", seat, "--property=ActiveSession"]))
        guard seatInfo.succeeded else {
            let line = seatInfo.output.split(separator: "\n").first.map(String.init) ?? "exit status \(seatInfo.status)"
            return .unknown(reason: "loginctl show-seat \(seat) failed: \(line)")
        }
        guard let session = value(of: "ActiveSession", in: seatInfo.output), !session.isEmpty else { return .nobody }
        let sessionInfo = runner.run(SystemCommand(loginctl, ["show-session", session, "--property=User", "--property=Name"]))
        guard sessionInfo.succeeded, let user = value(of: "User", in: sessionInfo.output).flatMap({ UInt32($0) }) else {
            return .unknown(reason: "loginctl show-session \(session) gave no user")
        }
        return .active(userID: user, name: value(of: "Name", in: sessionInfo.output) ?? "\(user)")
    }

    /// The value of `KEY=value` among `output`'s lines.
    static func value(of key: String, in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix("\(key)=") }.map { String($0.dropFirst(key.count + 1)) }
    }
}
