import ArgumentParser
import ForceCore
import ForceDevices
import ForceSettings
import ForceSystem
import ForceUdev
import ForceSession

/// `forcebridge doctor`: for every input device, whether ForceBridge's udev rules apply, whether
/// you can open it and why not, its pressure and haptics, and what to do next.
struct DoctorCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the udev rules, permissions, pressure and haptics of every input device, and say what to do.",
        discussion: """
            Exit status 0 when every touchscreen, tablet and haptic device the rules cover can be \
            used by you (or there are none), 1 when one cannot or a hwdb value is invalid. \
            Keyboards and mice are listed but never opened. A touchscreen without pressure is \
            not a problem: force then comes from contact size, or a touch held still drives the \
            preview and commit (Haptic Touch); the report says which (force source).
            """
    )

    @Flag(help: "One JSON object for the setup, then one per device, one per line.")
    var json = false

    @OptionGroup var profileOptions: ProfileOptions

    func run() throws {
        var profileProblem: String?
        var store = ProfileStore()
        do {
            store = try profileOptions.profileStore()
        } catch {
            profileProblem = "\(error)"
        }
        // The doctor reports invalid hwdb values itself, per device.
        store.udevPropertyWarningHandler = nil
        let installation = UdevInstallationStatus.inspect()
        let context = DeviceDiagnosis.Context(installation: installation, seatUser: SeatUser.query(), userID: SystemUser.id)
        let devices = DeviceDiscovery.enumerate()
        let diagnoses = devices.map { DeviceDiagnosis(device: $0, context: context) }
        var advice = installation.advice
        if let profileProblem { advice.append("Your profile file has an error: \(profileProblem)") }

        let output = Console.output()
        if json {
            output.line(setupLine(context, advice: advice))
            for diagnosis in diagnoses { output.line(deviceLine(diagnosis, model: forceModel(diagnosis.device, store: store))) }
        } else {
            output.line(setupText(context, advice: advice))
            if devices.isEmpty {
                output.line("")
                output.line("No input devices found (no /dev/input/event* nodes), so there is nothing to check. "
                    + "On a machine with touch hardware, check that the evdev module is loaded.")
            }
            for diagnosis in diagnoses {
                output.line("")
                output.line(deviceText(diagnosis, model: forceModel(diagnosis.device, store: store)))
            }
            let attention = diagnoses.filter(\.needsAttention)
            output.line("")
            if attention.isEmpty && advice.isEmpty {
                output.line(diagnoses.contains { $0.decision.isGranted }
                    ? "All touch, tablet and haptic devices are ready."
                    : "Nothing needs doing.")
            } else if attention.isEmpty {
                output.line("No device needs attention; see the setup notes above.")
            } else {
                output.line("\(attention.count) device\(attention.count == 1 ? "" : "s") need\(attention.count == 1 ? "s" : "") attention: "
                    + attention.map(\.device.node).joined(separator: ", "))
            }
        }
        output.flush()
        if diagnoses.contains(where: \.needsAttention) { throw ExitCode.failure }
    }

    /// The force model of an opened touch or tablet device, with hwdb settings and profiles applied.
    private func forceModel(_ device: InputDeviceInfo, store: ProfileStore) -> ForceModel? {
        guard device.isOpened, device.kind != .other else { return nil }
        return ForceModel(device: device.description, calibration: store.calibration(for: device.description))
    }

    // MARK: - Text

    private func setupText(_ context: DeviceDiagnosis.Context, advice: [String]) -> String {
        let installation = context.installation
        var lines = ["udev:    " + (installation.isUdevRunning ? "systemd-udevd is running" : "systemd-udevd is not running")]
        for file in installation.files {
            let state = file.path.map { "\($0)\(file.isCurrent ? "" : " (not this version's)")" } ?? "not installed"
            lines.append("\(file.file.kind == .rules ? "rules:  " : "hwdb:   ") \(state)")
        }
        lines.append("seat:    " + seatText(context))
        for step in advice { lines.append("  next:  \(step)") }
        return lines.joined(separator: "\n")
    }

    private func seatText(_ context: DeviceDiagnosis.Context) -> String {
        let me = SystemUser.name(of: context.userID) ?? "uid \(context.userID)"
        switch context.seatUser {
        case .active(let userID, let name):
            return "seat0's active session belongs to \(name) (uid \(userID)); you are \(me) (uid \(context.userID))"
        case .nobody:
            return "nobody is logged in at seat0; you are \(me) (uid \(context.userID))"
        case .unknown(let reason):
            return "cannot ask systemd-logind (\(reason)), so uaccess gives access to no one; you are \(me) (uid \(context.userID))"
        }
    }

    private func deviceText(_ diagnosis: DeviceDiagnosis, model: ForceModel?) -> String {
        let device = diagnosis.device
        let header = "\(device.node): \"\(device.description.name)\" — \(kindText(device))"
        guard device.isForceBridgeDevice || diagnosis.decision.isGranted || !diagnosis.settings.problems.isEmpty else {
            if case .excluded(let reason) = diagnosis.decision {
                return header + "\n    not a ForceBridge device; the rules leave it alone (\(reason)) and ForceBridge never opens it"
            }
            return header + "\n    not a ForceBridge device; the rules do not concern it"
        }
        var lines = [header]
        lines.append("    rules:    \(rulesText(diagnosis))")
        if !diagnosis.settings.applied.isEmpty || !diagnosis.settings.problems.isEmpty {
            var parts = diagnosis.settings.applied
            parts += diagnosis.settings.problems.map { "\($0.property) invalid" }
            lines.append("    hwdb:     \(parts.joined(separator: ", "))")
        }
        switch device.access {
        case .readWrite: lines.append("    access:   you can read and write it")
        case .readOnly: lines.append("    access:   you can read it but not write it\(device.description.hasForceFeedback ? " (haptics need write access)" : "")")
        case .denied:
            // Installing the rules does not help a node they leave out: the next step says why.
            let reason = DeviceErrorAdvice.accessProblem(device.access, classification: device.classification) ?? ""
            lines.append("    access:   you cannot open it\(diagnosis.decision.isGranted ? ": \(reason)" : "")")
        }
        let description = device.description
        if let axis = description.pressureAxis, device.isOpened {
            var text = "\(axis.name) \(axis.info.minimum)...\(axis.info.maximum)"
            if let model, model.forceSource == .pressure { text += "; force up to \(NumberFormat.trimmed(model.maximumPossibleForce, decimals: 2)) (average touch at \(NumberFormat.trimmed(model.averagePressure, decimals: 1)))" }
            lines.append("    pressure: \(text)")
        } else if description.supports(.abs, code: AbsCode.mtPressure) || description.supports(.abs, code: AbsCode.pressure) {
            lines.append("    pressure: yes (range unknown until you can open it)")
        } else if device.kind != .other {
            lines.append("    pressure: none; \(DeviceReport.pressurelessSummary(device: description, model: model))")
        }
        if description.hasForceFeedback {
            lines.append("    haptics:  \(description.codes(of: .ff).map { EventCodeNames.name(type: .ff, code: $0) }.joined(separator: " "))")
        } else {
            lines.append("    haptics:  none (no force feedback)")
        }
        if diagnosis.nextSteps.isEmpty {
            lines.append("    next:     nothing to do")
        } else {
            for (index, step) in diagnosis.nextSteps.enumerated() {
                lines.append("    \(index == 0 ? "next:    " : "         ") \(step)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func kindText(_ device: InputDeviceInfo) -> String {
        if device.isForceBridgeDevice && device.kind != .other { return device.kind.rawValue }
        if device.classification.isTabletPad { return "tablet pad" }
        if device.classification.isHaptic && !device.classification.isKeyboard && !device.classification.isMouse { return "haptic device" }
        return DeviceSelection.kindName(device.classification)
    }

    private func rulesText(_ diagnosis: DeviceDiagnosis) -> String {
        switch diagnosis.rules {
        case .applied(let kind):
            let links = diagnosis.links.isEmpty ? "no link" : diagnosis.links.joined(separator: ", ")
            return "applied as \(kind): tagged uaccess, \(links)"
        case .pending(let reason): return "not applied: \(reason)"
        case .excluded(let reason): return "left out on purpose: \(reason)"
        case .notCovered: return "do not concern it"
        }
    }

    // MARK: - JSON

    private func setupLine(_ context: DeviceDiagnosis.Context, advice: [String]) -> String {
        let installation = context.installation
        var line = JSONLine()
        line.string("type", "setup")
        line.bool("udevRunning", installation.isUdevRunning)
        line.string("rulesPath", installation.rules.path)
        line.bool("rulesCurrent", installation.rules.isCurrent)
        line.string("hwdbPath", installation.hwdb.path)
        line.bool("hwdbCurrent", installation.hwdb.isCurrent)
        line.bool("hwdbNeedsUpdate", installation.hwdbNeedsUpdate)
        switch context.seatUser {
        case .active(let userID, let name):
            line.string("seatUser", name)
            line.int("seatUserID", Int(userID))
        case .nobody:
            line.string("seatUser", nil)
            line.string("seatProblem", "nobody is logged in at seat0")
        case .unknown(let reason):
            line.string("seatUser", nil)
            line.string("seatProblem", reason)
        }
        line.int("userID", Int(context.userID))
        line.raw("nextSteps", Self.array(advice))
        return line.line
    }

    private func deviceLine(_ diagnosis: DeviceDiagnosis, model: ForceModel?) -> String {
        let device = diagnosis.device
        var line = JSONLine()
        line.string("type", "device")
        line.string("node", device.node)
        line.string("name", device.description.name)
        line.string("kind", device.kind.rawValue)
        line.bool("served", device.isForceBridgeDevice)
        switch diagnosis.decision {
        case .granted(let kind): line.string("decision", "granted"); line.string("grantedAs", kind)
        case .excluded(let reason): line.string("decision", "excluded"); line.string("excludedBecause", reason)
        case .notCovered: line.string("decision", "not-covered")
        }
        switch diagnosis.rules {
        case .applied(let kind): line.string("rules", "applied"); line.string("rulesKind", kind)
        case .pending(let reason): line.string("rules", "pending"); line.string("rulesReason", reason.description)
        case .excluded: line.string("rules", "excluded")
        case .notCovered: line.string("rules", "not-covered")
        }
        line.bool("uaccess", diagnosis.hasUaccessTag)
        line.raw("links", Self.array(diagnosis.links))
        line.raw("hwdb", Self.array(diagnosis.settings.applied))
        line.raw("hwdbProblems", Self.array(diagnosis.settings.problems.map { $0.message(device: device.description.name, node: device.node) }))
        line.addAccess(of: device)
        let axis = device.isOpened ? device.description.pressureAxis : nil
        line.string("pressureAxis", axis?.name ?? (device.isOpened ? "none" : nil))
        line.int("pressureMax", axis.map { Int($0.info.maximum) })
        line.number("maximumPossibleForce", model?.maximumPossibleForce, decimals: 4)
        line.string("forceSource", model?.forceSource.rawValue)
        line.bool("forceFeedback", device.description.hasForceFeedback)
        line.bool("needsAttention", diagnosis.needsAttention)
        line.raw("nextSteps", Self.array(diagnosis.nextSteps))
        return line.line
    }

    private static func array(_ strings: [String]) -> String {
        JSONText.array(strings)
    }
}
