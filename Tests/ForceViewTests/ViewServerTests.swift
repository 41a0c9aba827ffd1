import ForceRecording
import ForceTestSupport
import Glibc
import Testing

/// `forcebridge-view` as a browser or an attacker meets it: a real HTTP client (curl) and a real
/// WebSocket client (Tests/View/ws_lines.py) against the running program.
@Suite(.serialized) struct ViewServerTests {
    /// A running view of `recording`, and the URL it printed.
    final class RunningView {
        let child: ChildProcess
        let url: String
        let port: String
        let token: String

        init(_ arguments: [String], program: String = Repository.forcebridgeView, prefix: [String] = [],
             environment: [String: String]? = nil) throws {
            let child = try ChildProcess(program, prefix + arguments + ["--no-open"], environment: environment, workingDirectory: Repository.root)
            self.child = child
            _ = waitUntil(seconds: 20) { child.standardOutput.contains("\n") || !child.isRunning }
            let line = try #require(child.lines.first { $0.hasPrefix("forcebridge view: http://") }, "\(child.standardError)")
            url = String(line.dropFirst("forcebridge view: ".count))
            let authority = url.split(separator: "/")[1]
            port = String(authority.split(separator: ":").last!)
            token = String(url.split(separator: "=").last!)
        }

        deinit {
            child.send(SIGTERM)
            child.wait(seconds: 5)
        }

        /// curl's status code for `path` with `headers` (0 when it could not connect).
        func status(_ path: String, host: String = "127.0.0.1", headers: [String] = []) throws -> String {
            let result = try ChildProcess.run("/usr/bin/env", ["curl", "-s", "-o", "/dev/null", "-m", "5", "-w", "%{http_code}"]
                + headers.flatMap { ["-H", $0] } + ["http://\(host):\(port)\(path)"], seconds: 10)
            return result.output
        }
    }

    static let upgrade = ["Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="]

    @Test func servesThePageAndItsFilesWithTheTokenOnly() throws {
        let view = try RunningView(["--replay", "recordings/stylus-commit.evemu"])
        #expect(view.url.hasPrefix("http://127.0.0.1:"))
        #expect(view.token.count == 32)
        #expect(try view.status("/?token=\(view.token)") == "200")
        #expect(try view.status("/view.js?token=\(view.token)") == "200")
        #expect(try view.status("/view.css?token=\(view.token)") == "200")
        #expect(try view.status("/") == "401")
        #expect(try view.status("/view.js") == "401")
        #expect(try view.status("/?token=00000000000000000000000000000000") == "403")
        #expect(try view.status("/?token=\(view.token.dropLast())") == "403")
        #expect(try view.status("/nothing?token=\(view.token)") == "404")
        // DNS rebinding: a foreign name resolved to 127.0.0.1 reaches the port but not the page.
        #expect(try view.status("/?token=\(view.token)", headers: ["Host: evil.example:\(view.port)"]) == "403")
        let page = try ChildProcess.run("/usr/bin/env", ["curl", "-s", "-m", "5", view.url], seconds: 10).output
        #expect(page.contains("view.js?token=\(view.token)"))
    }

    @Test func theWebSocketWantsTheTokenAndTheViewsOrigin() throws {
        let view = try RunningView(["--replay", "recordings/stylus-commit.evemu"])
        let origin = "Origin: http://127.0.0.1:\(view.port)"
        #expect(try view.status("/events", headers: Self.upgrade + [origin]) == "401")
        #expect(try view.status("/events?token=ffff", headers: Self.upgrade + [origin]) == "403")
        #expect(try view.status("/events?token=\(view.token)", headers: Self.upgrade + ["Origin: http://evil.example"]) == "403")
        #expect(try view.status("/events?token=\(view.token)", headers: Self.upgrade + ["Origin: null"]) == "403")
        #expect(try view.status("/events?token=\(view.token)", headers: Self.upgrade) == "403")
        // Refused handshakes started nothing: the first accepted client sees the session whole.
        let lines = try Self.webSocketLines(view.url)
        #expect(lines.first?.hasPrefix(#"{"type":"view-device","name":"Wacom Intuos Pro M Pen""#) == true)
        #expect(lines.last?.hasPrefix(#"{"type":"summary""#) == true)
    }

    @Test func aPeerOffLoopbackCannotConnect() throws {
        let addresses = try ChildProcess.run("/usr/bin/env", ["hostname", "-I"]).output.split(separator: " ")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty && !$0.contains(":") }
        let view = try RunningView(["--replay", "recordings/stylus-commit.evemu"])
        try #require(!addresses.isEmpty, "this machine has no IPv4 address but loopback to try")
        for address in addresses {
            // Bound to 127.0.0.1: the machine's other address does not answer (curl: 000).
            #expect(try view.status("/?token=\(view.token)", host: address) == "000", "\(address)")
        }
    }

    @Test func anotherAddressOnlyWhenAskedWithAWarning() throws {
        let view = try RunningView(["--replay", "recordings/stylus-commit.evemu", "--address", "0.0.0.0"])
        #expect(view.child.standardError.contains("warning: serving on 0.0.0.0"))
        #expect(try view.status("/?token=\(view.token)") == "200")
        #expect(try view.status("/") == "401")
    }

    @Test func clientsReadTheLinesOfReplayFormatJSONL() throws {
        let view = try RunningView(["--replay", "recordings/stylus-commit.evemu", "--speed", "max"])
        let lines = try Self.webSocketLines(view.url).filter { !$0.hasPrefix(#"{"type":"view-"#) }
        let replay = try ChildProcess.run(Repository.forcebridge, ["replay", "recordings/stylus-commit.evemu", "--format", "jsonl", "--no-user-profile"])
        #expect(replay.status == 0)
        #expect(lines == replay.output.split(separator: "\n").map(String.init))
    }

    @Test func forceIsCalibratedAsReplayCalibratesIt() throws {
        let options = ["--no-user-profile", "--thresholds", "0.5,1,1.5", "--sensitivity", "firm"]
        let view = try RunningView(["--replay", "recordings/stylus-commit.evemu", "--speed", "max"] + options)
        let lines = try Self.webSocketLines(view.url).filter { !$0.hasPrefix(#"{"type":"view-"#) }
        let replay = try ChildProcess.run(Repository.forcebridge, ["replay", "recordings/stylus-commit.evemu", "--format", "jsonl"] + options)
        let uncalibrated = try ChildProcess.run(Repository.forcebridge, ["replay", "recordings/stylus-commit.evemu", "--format", "jsonl", "--no-user-profile"])
        #expect(replay.status == 0 && uncalibrated.status == 0)
        #expect(lines == replay.output.split(separator: "\n").map(String.init))
        #expect(lines != uncalibrated.output.split(separator: "\n").map(String.init))
    }

    @Test func theServicesViewRefusesTheCalibrationOptions() throws {
        let result = try ChildProcess.run(Repository.forcebridgeView, ["--service", "--thresholds", "1,2,3", "--no-open"])
        #expect(result.status == 64)
        #expect(result.error.contains("the calibration options do not apply"), "\(result.error)")
    }

    @Test func keyboardsAreNeverShown() throws {
        let directory = try TemporaryDirectory()
        let keyboard = directory.path + "/keyboard.evemu"
        let writer = try EvemuWriter(path: keyboard, description: TestDevices.keyboard())
        try writer.close()
        let result = try ChildProcess.run(Repository.forcebridgeView, ["--replay", keyboard, "--no-open"])
        #expect(result.status == 1)
        #expect(result.error.contains("is a keyboard"))
        #expect(!result.output.contains("http://"))
    }

    @Test func forcebridgeViewRunsTheProgramBesideIt() throws {
        let view = try RunningView(["--replay", "recordings/stylus-commit.evemu"], program: Repository.forcebridge, prefix: ["view"])
        #expect(try view.status("/?token=\(view.token)") == "200")
    }

    @Test func forcebridgeViewSaysWhenTheProgramIsMissing() throws {
        let directory = try TemporaryDirectory()
        let lonely = directory.path + "/forcebridge"
        #expect(try ChildProcess.run("/bin/cp", [Repository.forcebridge, lonely]).status == 0)
        let result = try ChildProcess.run(lonely, ["view", "--replay", "recordings/stylus-commit.evemu"])
        #expect(result.status == 1)
        #expect(result.error.contains("forcebridge: \(directory.path)/forcebridge-view is missing"), "\(result.error)")
    }

    static func webSocketLines(_ url: String) throws -> [String] {
        let client = try ChildProcess.run("/usr/bin/env", ["python3", Repository.path("Tests/View/ws_lines.py"), url, "--seconds", "30"], seconds: 40)
        #expect(client.status == 0, "\(client.error)")
        return client.output.split(separator: "\n").map(String.init)
    }
}
