import ForceBus
import ForceCore
import ForceDevices
import ForceRecording
import ForceService
import ForceSession
import ForceSystem
import ForceTestSupport
import Glibc
import Testing

extension SessionBusGuestTests {
    /// `forcebridge serve` in the guest with real clients (python3-dbus, busctl, gdbus): devices,
    /// subscriber streams, hotplug, a subscriber that never reads, malformed patterns, exit.
    @Suite(.serialized, .feedbackdGuestOnly)
    struct ServiceKernelTests {
        @Test func servesAnEmptyListAndThenTheDevicePluggedIn() throws {
            let guest = try ServiceGuest()
            try guest.start()
            let before = try guest.listedNodes()
            #expect(!before.contains { $0 == guest.feedback.node }, "the motor is not an input device to serve")
            let busctl = try SessionBusGuest.run("/usr/bin/busctl", ["--user", "call", ServiceNames.busName, ServiceNames.path,
                                                                      ServiceNames.interface, "ListDevices"], serving: [guest.bus])
            #expect(busctl.status == 0 && busctl.output.hasPrefix("aa{sv} \(before.count)"), "\(busctl.output)\(busctl.error)")
            // The introspection XML shipped in docs/ is the service's own.
            let introspection = try ChildProcess.run("/usr/bin/busctl", ["--user", "introspect", "--xml-interface", ServiceNames.busName, ServiceNames.path])
            let shipped = try Repository.text("docs/org.forcebridge.ForceBridge1.xml")
            #expect(Self.interfaceElement(introspection.output) == Self.interfaceElement(shipped), "\(introspection.output)")
            #expect(Self.interfaceElement(shipped)?.contains("Subscribe") == true)
            let keyboard = try VirtualDevice(description: TestDevices.keyboard(name: "ForceBridge Service Keyboard \(getpid())"))
            let screen = try VirtualDevice(description: TestDevices.touchscreen(name: "ForceBridge Service Screen \(getpid())"))
            let node = try #require(screen.node)
            #expect(try guest.waitUntilListed(node))
            let listed = try guest.listedNodes()
            #expect(!listed.contains(try #require(keyboard.node)), "a keyboard was served")
            let list = try ChildProcess.run("/usr/bin/gdbus", ["call", "--session", "-d", ServiceNames.busName, "-o", ServiceNames.path,
                                                              "-m", ServiceNames.interface + ".ListDevices"])
            #expect(list.output.contains("'node': <'\(node)'>") && list.output.contains("'maximumPossibleForce': <"), "\(list.output)")
            screen.destroy()
            #expect(try guest.waitUntilListed(node, false))
            #expect(guest.stop() == 0)
        }

        /// The `<interface name="org.forcebridge.ForceBridge1">` element of introspection XML.
        static func interfaceElement(_ xml: String) -> String? {
            guard let start = xml.range(of: "<interface name=\"\(ServiceNames.interface)\">") else { return nil }
            guard let end = xml[start.upperBound...].range(of: "</interface>") else { return nil }
            return String(xml[start.lowerBound..<end.upperBound])
        }

        /// Eight python3-dbus subscribers of a live press receive the lines `replay --format jsonl`
        /// prints for the same events (times aside).
        @Test func subscribersReceiveTheReplayLinesOfALivePress() throws {
            let guest = try ServiceGuest()
            try guest.start()
            let description = TestDevices.touchscreen(name: "ForceBridge Service Press \(getpid())")
            let screen = try VirtualDevice(description: description)
            let node = try #require(screen.node)
            try #require(try guest.waitUntilListed(node))
            let directory = try KernelGuest.scratchDirectory("service")
            // What a replay of the press prints, ending with its summary.
            let gesture = ScriptedGesture.press(peak: 230)
            let path = directory.appendingPathComponent("press.evemu").path
            let writer = try EvemuWriter(path: path, description: description)
            try writer.write(contentsOf: gesture.joined())
            try writer.close()
            let expected = try Session.transcript(of: path).split(separator: "\n").map(String.init).withoutTimes
            #expect(expected.contains { $0.contains(#""event":"commit""#) })
            #expect(expected.last?.contains(#""type":"summary""#) == true, "\(expected.suffix(1))")

            let go = directory.appendingPathComponent("go").path
            let clients = try (0..<8).map { _ in try ServiceGuest.client(["subscribe", node, go]) }
            for client in clients { #expect(ServiceGuest.wait(for: "subscribed", from: client), "\(client.standardError)") }
            _ = try ChildProcess.run("/usr/bin/touch", [go])
            for frame in gesture { for event in frame { try screen.write(event) } }
            // Unplugging ends the session (events not read by then are lost): once every stream
            // has the whole press, the streams get device-lost and the summary, then end.
            for client in clients {
                #expect(waitUntil { client.lines.withoutTimes.count >= expected.count - 1 || !client.isRunning }, "\(client.lines.suffix(2))")
            }
            screen.destroy()
            for client in clients { client.wait() }
            guest.stop()

            for client in clients {
                let lines = client.lines.filter { $0 != "subscribed" }
                #expect(lines.withoutTimes == expected, "\(client.standardError)\n\(guest.log)")
                #expect(lines.contains { $0.contains(#""type":"device-lost""#) })
            }
        }

        /// A subscriber that never reads loses lines, counted on its stream, while another reads
        /// everything and the service keeps answering.
        @Test func aSubscriberThatNeverReadsSlowsNoOne() throws {
            let guest = try ServiceGuest()
            try guest.start()
            let screen = try VirtualDevice(description: TestDevices.touchscreen(name: "ForceBridge Service Flood \(getpid())"))
            let node = try #require(screen.node)
            try #require(try guest.waitUntilListed(node))
            let directory = try KernelGuest.scratchDirectory("service-flood")
            let go = directory.appendingPathComponent("go").path
            let release = directory.appendingPathComponent("release").path
            let holder = try ServiceGuest.client(["hold", node, release])
            let reader = try ServiceGuest.client(["subscribe", node, go])
            #expect(ServiceGuest.wait(for: "subscribed", from: holder), "\(holder.standardError)")
            #expect(ServiceGuest.wait(for: "subscribed", from: reader), "\(reader.standardError)")
            _ = try ChildProcess.run("/usr/bin/touch", [go])
            var frames = 0
            for press in 0..<20 {
                for frame in ScriptedGesture.press(trackingID: Int32(100 + press), peak: 200) {
                    for event in frame { try screen.write(event) }
                    frames += 1
                }
                // The next press once the reader has this one: the service reads the device as
                // fast as presses come, however slowly the guest runs it (the kernel keeps 1024
                // unread events; a press is about 250).
                let ended = press + 1
                #expect(waitUntil { reader.lines.filter { $0.contains(#""phase":"ended""#) }.count >= ended || !reader.isRunning },
                        "\(reader.lines.suffix(2))")
            }
            // The service still answers while the holder's buffer is full.
            #expect(try guest.waitUntilListed(node))
            screen.destroy()
            reader.wait()
            // The reader got every line: no loss reported, and the whole session up to its summary.
            let touches = reader.lines.filter { $0.contains(#""type":"touch""#) }
            #expect(touches.count > frames / 2, "\(touches.count) touch lines for \(frames) frames")
            #expect(!reader.lines.contains { $0.contains(#""type":"dropped""#) }, "\(guest.log)")
            #expect(reader.lines.last?.contains(#""type":"summary""#) == true, "\(reader.lines.suffix(2))")
            _ = try ChildProcess.run("/usr/bin/touch", [release])
            holder.wait()
            let dropped = holder.lines.first { $0.contains(#""type":"dropped""#) }
            #expect(dropped != nil, "the holder's losses were not reported: \(holder.lines.suffix(3))")
            // Its stream ends with the session's last line, or with how much of the end it lost.
            let last = holder.lines.last ?? ""
            #expect(last.contains(#""type":"summary""#) || last.contains(#""type":"dropped""#), "\(holder.lines.suffix(3))")
            let reported = holder.lines.compactMap { line -> Int? in
                guard line.hasPrefix(#"{"type":"dropped","lines":"#) else { return nil }
                return Int(line.dropFirst(#"{"type":"dropped","lines":"#.count).dropLast())
            }.reduce(0, +)
            #expect(guest.stop() == 0)
            #expect(guest.log.contains("'s stream of \(node) ended (the session ended); \(reported) lines dropped"), "\(reported): \(guest.log)")
            #expect(guest.log.contains("'s stream of \(node) ended (the session ended); 0 lines dropped"), "the reader lost lines: \(guest.log)")
        }

        /// README.md's Python example, as it stands: it lists the device, streams its touches and
        /// pops at the commit of a live press, and ends when the device goes away.
        @Test func theReadmePythonExampleRuns() throws {
            let readme = try Repository.text("README.md")
            let block = try #require(readme.components(separatedBy: "```python\n").dropFirst().first?.components(separatedBy: "```").first)
            let directory = try KernelGuest.scratchDirectory("service-readme")
            let script = directory.appendingPathComponent("example.py").path
            try FileSystem.write(Array(block.utf8), to: script)
            let guest = try ServiceGuest()
            try guest.start()
            let screen = try VirtualDevice(description: TestDevices.touchscreen(name: "ForceBridge Service Readme \(getpid())"))
            let node = try #require(screen.node)
            try #require(try guest.waitUntilListed(node))
            let example = try ChildProcess("/usr/bin/python3", [script], environment: KernelGuest.environment)
            let subscribed = try SessionBusGuest.pump([guest.bus]) {
                let devices = (try? guest.call("ListDevices").read([[String: BusValue]].self)) ?? []
                return devices.contains { $0["node"]?.stringValue == node && $0["subscribers"]?.integerValue == 1 }
            }
            #expect(subscribed, "\(example.standardError)")
            let plays = guest.motor.playCount
            for frame in ScriptedGesture.press(peak: 230) { for event in frame { try screen.write(event) } }
            #expect(guest.motor.waitUntilStarts(exceed: plays), "no pop at the commit: \(example.standardError)")
            screen.destroy()
            #expect(example.wait() == 0, "\(example.standardError)")
            #expect(example.lines.first?.hasPrefix("\(node) ForceBridge Service Readme") == true, "\(example.lines.prefix(2))")
            #expect(example.lines.contains { $0.hasPrefix("1 began ") } && example.lines.contains { $0.hasPrefix("1 ended ") })
        }

        @Test func unplugAndReplugAnnounceTheDevice() throws {
            let guest = try ServiceGuest()
            try guest.start()
            let listener = try ServiceGuest.client(["signals"])
            #expect(ServiceGuest.wait(for: "listening", from: listener), "\(listener.standardError)")
            let name = "ForceBridge Service Replug \(getpid())"
            var screen = try VirtualDevice(description: TestDevices.touchscreen(name: name))
            let first = try #require(screen.node)
            try #require(try guest.waitUntilListed(first))
            screen.destroy()
            #expect(try guest.waitUntilListed(first, false))
            screen = try VirtualDevice(description: TestDevices.touchscreen(name: name))
            let second = try #require(screen.node)
            #expect(try guest.waitUntilListed(second))
            // A press on the replugged device still reaches the interaction signals.
            for frame in ScriptedGesture.press(peak: 230) { for event in frame { try screen.write(event) } }
            #expect(waitUntil { listener.lines.contains { $0.hasPrefix("Committed \(second)") } }, "\(listener.lines)")
            listener.send(SIGTERM)
            listener.wait()
            let lines = listener.lines
            #expect(lines.contains { $0.hasPrefix("DeviceAdded \(first) \(name)") })
            #expect(lines.contains("DeviceRemoved \(first)"))
            #expect(lines.contains { $0.hasPrefix("DeviceAdded \(second) \(name)") })
            #expect(lines.contains { $0.hasPrefix("PreviewBegan \(second) ") })
            #expect(lines.contains { $0.hasPrefix("PreviewEnded \(second) ") })
        }

        @Test func aMalformedPatternIsAnErrorNamingLineAndColumn() throws {
            let guest = try ServiceGuest()
            try guest.start()
            let bad = try ChildProcess.run("/usr/bin/python3", [KernelGuest.repositoryRoot.path + "/Tests/Kernel/service-client.py", "pattern",
                                                                "{\"Pattern\": [\n  {\"Event\": {\"EventType\": \"Bogus\"}}\n]}"])
            #expect(bad.output.hasPrefix("org.forcebridge.ForceBridge1.Error.InvalidPattern 2:"), "\(bad.output)\(bad.error)")
            #expect(bad.output.contains("Pattern[0].Event.EventType"))
            let good = try ChildProcess.run("/usr/bin/python3", [KernelGuest.repositoryRoot.path + "/Tests/Kernel/service-client.py", "pattern",
                                                                 #"{"Pattern": [{"Event": {"EventType": "HapticTransient", "Time": 0}}]}"#])
            #expect(good.output == "ok\n", "\(good.output)\(good.error)")
            #expect(guest.motor.waitUntilStarts(exceed: 0), "the pattern never played")
            #expect(guest.stop() == 0)
        }

        /// A pattern past the kernel's 32.767 s limit plays every part: the tap at 33 s is in the
        /// second part (from 30 s, the tap 3 s into it), started by the service's timer, not
        /// early and not never. (How late it starts is printed, not asserted.)
        @Test func aLongPatternPlaysEveryPart() throws {
            let guest = try ServiceGuest()
            try guest.start()
            let ahap = #"{"Pattern": [{"Event": {"EventType": "HapticTransient", "Time": 0}}, {"Event": {"EventType": "HapticTransient", "Time": 33}}]}"#
            _ = try guest.call("PlayPattern") { message throws(BusError) in
                try message.append("")
                try message.append(ahap)
            }
            #expect(guest.motor.waitUntilStarts(exceed: 0), "the pattern never started")
            let both = try SessionBusGuest.pump([guest.bus], seconds: TestTimeout.seconds(after: 33)) { guest.motor.playCount >= 2 }
            #expect(both, "the second part never started: \(guest.log)")
            let played = guest.motor.playedEffects
            try #require(played.count == 2, "\(played)")
            #expect(played[0].effect?.delay == 0 && played[1].effect?.delay == 3000, "\(played)")
            let offset = played[1].time - played[0].time
            // The sequencer times later parts from just after the first part's write.
            #expect(offset >= 30_000_000, "the second part started \(offset) µs after the first, before its offset")
            print("service: the second part started \(offset - 30_000_000) µs after its offset")
            #expect(guest.stop() == 0)
        }

        /// A client's long pattern stops when the client disconnects; SIGTERM leaves the motor
        /// stopped and empty.
        @Test func effectsEndWithTheirClientAndWithTheService() throws {
            let guest = try ServiceGuest()
            try guest.start()
            let long = #"{"Pattern": [{"Event": {"EventType": "HapticContinuous", "Time": 0, "EventDuration": 20}}]}"#
            let client = try ChildProcess.run("/usr/bin/python3", [KernelGuest.repositoryRoot.path + "/Tests/Kernel/service-client.py", "pattern", long])
            #expect(client.output == "ok\n", "\(client.output)\(client.error)")
            #expect(guest.motor.waitUntilStarts(exceed: 0))
            #expect(guest.motor.waitUntil { state in state.events.contains { if case .stop = $0.kind { return true } else { return false } } },
                    "the client's pattern played on after it left")
            _ = try guest.feedback.trigger("phone-incoming-call", timeout: 0)
            let plays = guest.motor.playCount
            #expect(guest.motor.waitUntilStarts(exceed: plays - 1))
            #expect(guest.stop() == 0)
            #expect(guest.motor.waitUntil { $0.residentEffects.isEmpty }, "effects were left on the motor at exit")
        }
    }
}
