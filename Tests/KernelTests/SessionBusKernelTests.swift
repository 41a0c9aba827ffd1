import ForceBus
import SystemPackage
import Testing

extension SessionBusGuestTests {
    /// ForceBus against a real session bus and real clients: names (taken, queued, released on
    /// exit), name watches, an exported object called by busctl, gdbus and python3-dbus, descriptor
    /// passing both ways, a{sv} hints, signals, properties and named errors.
    @Suite(.serialized, .sessionBusGuestOnly)
    struct SessionBusKernelTests {
        let service: BusConnection
        let name: String

        init() throws {
            service = try BusConnection.session(description: "forcebridge-test")
            name = SessionBusGuest.uniqueName("Service\(UInt16.random(in: 0...UInt16.max))")
        }

        @Test func aNameIsOwnedTakenQueuedAndHandedOver() throws {
            let other = try BusConnection.session()
            #expect(try service.requestName(name) == .owned)
            #expect(try service.requestName(name) == .owned, "asking again for a name we own")
            #expect(try other.requestName(name) == .taken)
            #expect(try other.requestName(name, options: .queue) == .queued)
            #expect(try other.nameOwner(of: name) == service.uniqueName())
            #expect(try service.releaseName(name))
            #expect(try SessionBusGuest.pump([service, other]) { (try? other.nameOwner(of: name)) == (try? other.uniqueName()) })
            #expect(try !service.releaseName(name), "releasing a name we no longer own")
            #expect(try service.nameOwner(of: "org.forcebridge.Test.Nobody") == nil)
        }

        @Test func namesAreAlsoRequestedWithoutWaiting() throws {
            let other = try BusConnection.session()
            var outcomes: [String: BusNameOwnership] = [:]
            func record(_ key: String) -> (Result<BusNameOwnership, BusError>) -> Void {
                { result in outcomes[key] = try? result.get() }
            }
            try service.requestNameAsync(name, completion: record("first"))
            #expect(outcomes.isEmpty, "answered before process()")
            #expect(try SessionBusGuest.pump([service]) { outcomes.count == 1 })
            try other.requestNameAsync(name, completion: record("other"))
            #expect(try SessionBusGuest.pump([other]) { outcomes.count == 2 })
            try other.requestNameAsync(name, options: .queue, completion: record("queued"))
            try service.requestNameAsync(name, completion: record("again"))
            #expect(try SessionBusGuest.pump([service, other]) { outcomes.count == 4 })
            #expect(outcomes == ["first": .owned, "other": .taken, "queued": .queued, "again": .owned])
        }

        @Test func watchersSeeOwnersComeAndGo() throws {
            var changes: [BusNameOwnerChange] = []
            let watch = try service.watchNameOwner(name) { changes.append($0) }
            var vanished: [String] = []
            let clients = try service.watchNameOwner { change in
                if change.isUniqueName && change.isDisappearance { vanished.append(change.name) }
            }
            var other: BusConnection? = try BusConnection.session()
            let otherUnique = try other!.uniqueName()
            #expect(try other!.requestName(name) == .owned)
            #expect(try SessionBusGuest.pump([service]) { changes.count == 1 })
            #expect(changes.first == BusNameOwnerChange(name: name, oldOwner: nil, newOwner: otherUnique))
            #expect(changes.first?.isAppearance == true)
            // Dropping the connection without releasing anything: the bus releases the name.
            other = nil
            #expect(try SessionBusGuest.pump([service]) { changes.count == 2 && vanished.contains(otherUnique) })
            #expect(changes.last == BusNameOwnerChange(name: name, oldOwner: otherUnique, newOwner: nil))
            #expect(changes.last?.isDisappearance == true)
            _ = (watch, clients)
        }

        @Test func busctlAndGdbusCallTheExportedObject() throws {
            let test = try BusTestService(connection: service)
            #expect(try service.requestName(name) == .owned)
            let echo = try SessionBusGuest.run("/usr/bin/busctl", ["--user", "call", name, BusTestService.path, BusTestService.interface, "Echo", "s", "hello bus"], serving: [service])
            #expect(echo.status == 0, "\(echo.error)")
            #expect(echo.output == "s \"hello bus\"\n")
            let add = try SessionBusGuest.run("/usr/bin/gdbus", ["call", "--session", "--dest", name, "--object-path", BusTestService.path,
                                                                 "--method", BusTestService.interface + ".Add", "2", "40"], serving: [service])
            #expect(add.status == 0, "\(add.error)")
            #expect(add.output == "(uint32 42,)\n")
            let fail = try SessionBusGuest.run("/usr/bin/gdbus", ["call", "--session", "--dest", name, "--object-path", BusTestService.path,
                                                                  "--method", BusTestService.interface + ".Fail", "line 3, column 9: no"], serving: [service])
            #expect(fail.status != 0)
            #expect(fail.error.contains("org.forcebridge.Test.Error.Refused: line 3, column 9: no"), "\(fail.error)")
            let busctlFail = try SessionBusGuest.run("/usr/bin/busctl", ["--user", "call", name, BusTestService.path, BusTestService.interface, "Fail", "s", "nope"], serving: [service])
            #expect(busctlFail.status != 0)
            #expect(busctlFail.error.contains("nope"), "\(busctlFail.error)")
            _ = test
        }

        @Test func introspectionAndPropertiesThroughBusctl() throws {
            let test = try BusTestService(connection: service)
            #expect(try service.requestName(name) == .owned)
            let introspect = try SessionBusGuest.run("/usr/bin/busctl", ["--user", "introspect", "--no-pager", name, BusTestService.path], serving: [service])
            #expect(introspect.status == 0, "\(introspect.error)")
            for line in [".Echo", ".OpenPipe", ".Ticked", ".Mode"] {
                #expect(introspect.output.contains(line), "\(line) missing from:\n\(introspect.output)")
            }
            #expect(introspect.output.contains("a{sv}"))
            let get = try SessionBusGuest.run("/usr/bin/busctl", ["--user", "get-property", name, BusTestService.path, BusTestService.interface, "Mode"], serving: [service])
            #expect(get.output == "s \"full\"\n", "\(get.error)")
            let set = try SessionBusGuest.run("/usr/bin/busctl", ["--user", "set-property", name, BusTestService.path, BusTestService.interface, "Mode", "s", "quiet"], serving: [service])
            #expect(set.status == 0, "\(set.error)")
            #expect(test.mode == "quiet")
        }

        @Test func python3DbusPassesDescriptorsHintsAndSignals() throws {
            let test = try BusTestService(connection: service)
            #expect(try service.requestName(name) == .owned)
            let script = KernelGuest.repositoryRoot.appendingPathComponent("Tests/Kernel/bus-client.py").path
            let client = try SessionBusGuest.run("/usr/bin/python3", [script, name], serving: [service])
            #expect(client.status == 0, "\(client.output)\(client.error)")
            #expect(client.output.split(separator: "\n").map(String.init) == [
                "pipe: from the service",
                "sent: from the client",
                "hints: count=int32 3, important=true, profile=quiet",
                "signal: 42 tick",
            ], "\(client.error)")
            _ = test
        }

        @Test func theNameIsReleasedWhenTheOwningProcessExits() throws {
            var changes: [BusNameOwnerChange] = []
            let watch = try service.watchNameOwner(name) { changes.append($0) }
            let owner = try SessionBusGuest.run("/usr/bin/python3", ["-c", """
                import dbus, dbus.service
                bus = dbus.SessionBus()
                held = dbus.service.BusName("\(name)", bus)
                print("owned", flush=True)
                """], serving: [service])
            #expect(owner.status == 0, "\(owner.error)")
            #expect(try SessionBusGuest.pump([service]) { changes.count == 2 })
            #expect(changes.first?.isAppearance == true)
            #expect(changes.last?.isDisappearance == true)
            #expect(try service.nameOwner(of: name) == nil)
            _ = watch
        }

        @Test func aBusIsReachedByItsAddressToo() throws {
            let direct = try BusConnection.connect(address: "unix:path=" + SessionBusGuest.socketPath)
            #expect(try direct.uniqueName().hasPrefix(":"))
            #expect(direct.canPassDescriptors)
            #expect(try direct.requestName(name) == .owned)
            #expect(try service.nameOwner(of: name) == direct.uniqueName())
            #expect(throws: BusError.self) { try BusConnection.connect(address: "unix:path=/run/user/0/no-such-bus") }
        }

        @Test func asynchronousCallsCompleteInsideProcess() throws {
            #expect(try service.requestName(name) == .owned)
            let call = try service.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                              interface: "org.freedesktop.DBus", member: "ListNames")
            var names: [String]?
            try service.callAsync(call) { result in names = try? result.get().read([String].self) }
            #expect(names == nil, "completed before process()")
            #expect(try SessionBusGuest.pump([service]) { names != nil })
            #expect(names?.contains(name) == true)
            let missing = try service.methodCall(destination: "org.forcebridge.Test.Absent", path: "/", interface: "org.forcebridge.Test1", member: "Echo")
            var failure: BusError?
            try service.callAsync(missing) { result in if case .failure(let error) = result { failure = error } }
            #expect(try SessionBusGuest.pump([service]) { failure != nil })
            #expect(failure?.name == BusError.Names.serviceUnknown, "\(String(describing: failure))")
        }
    }
}
