import ForceUdev
import Testing

/// Asking logind who the seat's active user is, through `loginctl`.
@Suite("Seat user")
struct SeatUserTests {
    @Test func activeSessionsUser() {
        let runner = FakeCommandRunner(programs: ["loginctl"], outcomes: [
            "loginctl show-seat seat0 --property=ActiveSession": .init(status: 0, output: "ActiveSession=2\n"),
            "loginctl show-session 2 --property=User --property=Name": .init(status: 0, output: "Name=alice\nUser=1000\n"),
        ])
        #expect(SeatUser.query(runner: runner) == .active(userID: 1000, name: "alice"))
    }

    @Test func nobodyAtTheSeat() {
        let runner = FakeCommandRunner(programs: ["loginctl"], outcomes: [
            "loginctl show-seat seat0 --property=ActiveSession": .init(status: 0, output: "ActiveSession=\n"),
        ])
        #expect(SeatUser.query(runner: runner) == .nobody)
    }

    @Test func noLogind() {
        #expect(SeatUser.query(runner: FakeCommandRunner(programs: [])) == .unknown(reason: "loginctl is not installed (no systemd-logind)"))
        let runner = FakeCommandRunner(programs: ["loginctl"], outcomes: [
            "loginctl show-seat seat0 --property=ActiveSession": .init(status: 1, output: "Failed to connect to bus: No such file or directory\n"),
        ])
        guard case .unknown(let reason) = SeatUser.query(runner: runner) else {
            Issue.record("expected unknown")
            return
        }
        #expect(reason.contains("Failed to connect to bus"))
    }
}
