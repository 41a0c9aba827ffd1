import ForceCore
import ForceDevices
import ForceSystem
import ForceTestSupport
import Foundation
import Glibc
import Testing

/// `forcebridge twin` in the guest, and the programs that read what it makes: the twin process
/// started on a node, and `libinput debug-events` (Debian's libinput-tools) as a compositor would
/// read the devices, through udev, line by line.
enum TwinGuest {
    /// A running `forcebridge twin NODE ...`, once it said which node its twin has.
    struct Running {
        let process: ChildProcess
        /// The twin's event node.
        let twinNode: String

        /// Starts `forcebridge twin original arguments` and waits for the line naming the twin.
        init(original: String, _ arguments: [String] = []) throws {
            process = try ChildProcess(KernelGuest.forcebridge, ["twin", original] + arguments)
            let process = process
            guard waitUntil(seconds: 60, { process.standardOutput.contains(" as /dev/input/event") || !process.isRunning }),
                  let node = Self.node(after: " as ", in: process.standardOutput)
            else {
                process.send(SIGKILL)
                throw GuestError("forcebridge twin \(original) did not start: \(process.standardOutput) \(process.standardError)")
            }
            twinNode = node
        }

        /// The `/dev/input/eventN` that follows `marker` in `text`.
        static func node(after marker: String, in text: String) -> String? {
            guard let range = text.range(of: marker + "/dev/input/event") else { return nil }
            let digits = text[range.upperBound...].prefix { $0.isNumber }
            return digits.isEmpty ? nil : "/dev/input/event" + digits
        }
    }

    /// Whether `node` is gone from `/dev` (udev removed it) and from sysfs.
    static func isGone(_ node: String) -> Bool {
        let name = (node as NSString).lastPathComponent
        return !FileManager.default.fileExists(atPath: node) && !FileManager.default.fileExists(atPath: "/sys/class/input/\(name)")
    }

    /// Whether nobody holds `node`'s grab: a grab of our own succeeds (and is let go at once).
    static func isUngrabbed(_ node: String) -> Bool {
        guard let device = try? EvdevDevice(path: node) else { return false }
        defer { device.close() }
        guard (try? device.grab()) != nil else { return false }
        device.releaseGrab()
        return true
    }
}

/// `libinput debug-events --verbose` on the udev seat, with its output line-buffered (`stdbuf`) so
/// that a test can wait for each line as libinput prints it.
final class LibinputReader {
    private let process: ChildProcess
    private let parsed: ParsedLines<LibinputEvent>

    /// Starts libinput and waits until it has added `nodes` (their `DEVICE_ADDED` lines).
    init(waitingFor nodes: [String]) throws {
        let libinput = try #require(Subprocess.locate("libinput"), "libinput-tools is not installed (Scripts/install-deps.sh)")
        let stdbuf = try #require(Subprocess.locate("stdbuf"), "coreutils' stdbuf is missing")
        process = try ChildProcess(stdbuf, ["-oL", "-eL", libinput, "debug-events", "--verbose"])
        parsed = ParsedLines(process, parse: LibinputEvent.init)
        for node in nodes {
            guard waitFor({ $0.device == Self.sysname(node) && $0.kind == "DEVICE_ADDED" }, seconds: 120) != nil else {
                stop()
                throw GuestError("libinput never added \(node): \(process.standardOutput.suffix(3000)) \(process.standardError.suffix(2000))")
            }
        }
    }

    deinit { stop() }

    /// Ends libinput.
    func stop() {
        guard process.isRunning else { return }
        process.send(SIGINT)
        process.wait(seconds: 20)
    }

    /// Its events so far.
    var events: [LibinputEvent] { parsed.elements }

    /// Everything it printed, for failure messages.
    var transcript: String { String(process.standardOutput.suffix(6000)) + String(process.standardError.suffix(2000)) }

    /// Waits until an event after the first `from` satisfies `condition`; returns it.
    @discardableResult
    func waitFor(from: Int = 0, _ condition: (LibinputEvent) -> Bool, seconds: Double = 60) -> LibinputEvent? {
        var found: LibinputEvent?
        _ = waitUntil(seconds: seconds) {
            found = events.dropFirst(from).first(where: condition)
            return found != nil
        }
        return found
    }

    /// The tablet events shown so far for `device` (`event5`).
    func tabletEvents(on device: String) -> [LibinputEvent] { events.filter { $0.device == device && $0.isTablet } }

    /// Writes a frame with `write` and waits until libinput shows a tablet event for `device`
    /// after it; returns the first. Each frame of the tests' pens makes exactly one tablet event
    /// (its tilt changes every frame) while libinput does not force proximity-out (the device has
    /// sent one of its own), except the frame lifting the tip, which may add its tip event.
    func show(on device: String, _ write: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) throws -> LibinputEvent {
        let before = tabletEvents(on: device).count
        try write()
        guard waitUntil(seconds: 60, { tabletEvents(on: device).count > before }) else {
            throw GuestError("libinput showed nothing for the frame: \(transcript)")
        }
        return tabletEvents(on: device)[before]
    }

    /// `event5` for `/dev/input/event5`.
    static func sysname(_ node: String) -> String { (node as NSString).lastPathComponent }
}

/// One line of `libinput debug-events`: the device (`event5`), the event type, and the tablet
/// values it shows.
struct LibinputEvent: Equatable {
    var device: String
    var kind: String
    var line: String

    init?(_ line: Substring) {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2 else { return nil }
        let device = words[0].drop { $0 == "-" }
        guard device.hasPrefix("event") else { return nil }
        self.device = String(device)
        kind = String(words[1])
        self.line = String(line)
    }

    /// The pressure shown, 0...1 (libinput shows it when the pen is at distance 0).
    var pressure: Double? { number(after: "pressure: ") }

    /// Whether this is a tip event putting the tip down (`true`) or up (`false`).
    var tipDown: Bool? {
        guard kind == "TABLET_TOOL_TIP" else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("down") { return true }
        if trimmed.hasSuffix("up") { return false }
        return nil
    }

    var isTablet: Bool { kind.hasPrefix("TABLET_TOOL") }

    private func number(after label: String) -> Double? {
        guard let range = line.range(of: label) else { return nil }
        let text = line[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" }
        return Double(text)
    }
}
