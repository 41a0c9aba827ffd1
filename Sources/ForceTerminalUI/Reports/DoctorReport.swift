import ForceCore
import ForceDevices
import ForceSession
import ForceSystem
import ForceUdev

/// What `doctor` reports: the setup (udev, the installed files, the seat, what to do next), then
/// every device's diagnosis (rules, hwdb, access, pressure, haptics, next steps), as text or as
/// JSON lines (one for the setup, then one per device).
package struct DoctorReport {
    /// What every diagnosis shares.
    package var context: DeviceDiagnosis.Context
    /// What to do about the setup.
    package var advice: [String]
    /// Each device's diagnosis, with the force model of an opened touch or tablet device.
    package var devices: [(diagnosis: DeviceDiagnosis, model: ForceModel?)]
    /// Which devices are twins or originals of twins, by node.
    package var twinRoles: [String: TwinRole]

    package init(context: DeviceDiagnosis.Context, advice: [String], devices: [(diagnosis: DeviceDiagnosis, model: ForceModel?)],
                 twinRoles: [String: TwinRole] = [:]) {
        self.context = context
        self.advice = advice
        self.devices = devices
        self.twinRoles = twinRoles
    }

    /// Whether a device needs attention (the command then fails).
    package var needsAttention: Bool {
        devices.contains { $0.diagnosis.needsAttention }
    }

    /// The report as lines of text: the setup, each device, and what needs attention.
    package var textLines: [String] {
        var lines = [setupText()]
        if devices.isEmpty {
            lines.append("")
            lines.append("No input devices found (no /dev/input/event* nodes), so there is nothing to check. "
                + "On a machine with touch hardware, check that the evdev module is loaded.")
        }
        for (diagnosis, model) in devices {
            lines.append("")
            lines.append(deviceText(diagnosis, model: model))
        }
        let diagnoses = devices.map(\.diagnosis)
        let attention = diagnoses.filter(\.needsAttention)
        lines.append("")
        if attention.isEmpty && advice.isEmpty {
            lines.append(diagnoses.contains { $0.decision.isGranted }
                ? "All touch, tablet and haptic devices are ready."
                : "Nothing needs doing.")
        } else if attention.isEmpty {
            lines.append("No device needs attention; see the setup notes above.")
        } else {
            lines.append("\(attention.count) device\(attention.count == 1 ? "" : "s") need\(attention.count == 1 ? "s" : "") attention: "
                + attention.map(\.device.node).joined(separator: ", "))
        }
        return lines
    }

    /// The report as JSON lines: the setup, then each device.
    package var jsonLines: [String] {
        [setupLine()] + devices.map { deviceLine($0.diagnosis, model: $0.model) }
    }

    private func setupText() -> String {
        let installation = context.installation
        var lines = ["udev:    " + (installation.isUdevRunning ? "systemd-udevd is running" : "systemd-udevd is not running")]
        for file in installation.files {
            let state = file.path.map { "\($0)\(file.isCurrent ? "" : " (not this version's)")" } ?? "not installed"
            lines.append("\(file.file.kind == .rules ? "rules:  " : "hwdb:   ") \(state)")
        }
        lines.append("seat:    " + seatText())
        for step in advice { lines.append("  next:  \(step)") }
        return lines.joined(separator: "\n")
    }

    private func seatText() -> String {
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
            let reason = device.access.problem(classification: device.classification) ?? ""
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
        if let role = twinRoles[device.node] { lines.append("    twin:     \(role.summary)") }
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
        return device.classification.kindName
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
}
