import ForceCore
import ForceDevices
import ForceSession

/// One device as `list` reports it: what it is, its pressure range (or what drives force without
/// it), slots, haptics, and whether you may open it; as a block of text or one JSON line.
package struct DeviceListing {
    /// What `list` says when there are no devices at all.
    package static let noDevices = "No input devices found (no /dev/input/event* nodes). "
        + "On a machine with touch hardware, check that the evdev module is loaded."

    /// The device.
    package var device: InputDeviceInfo
    /// Its force model (hwdb settings and profiles applied), when it is an opened touch or
    /// tablet device.
    package var model: ForceModel?
    /// Which side of a twin it is, if it is one (`TwinRole.roles(in:)`).
    package var twinRole: TwinRole?

    package init(device: InputDeviceInfo, model: ForceModel?, twinRole: TwinRole? = nil) {
        self.device = device
        self.model = model
        self.twinRole = twinRole
    }

    /// The device's block of text.
    package var text: String {
        let description = device.description
        var lines = ["\(device.node): \"\(description.name)\""]
        let source = device.hasUdevDatabase ? "udev" : "capabilities"
        lines.append("    kind: \(device.kind.rawValue) (from \(source)\(device.isForceBridgeDevice ? "" : "; not served by ForceBridge"))")
        if device.isForceBridgeDevice {
            if let axis = description.pressureAxis, device.isOpened {
                lines.append("    pressure: \(axis.name) \(axis.info.minimum)...\(axis.info.maximum)\(axis.info.resolution > 0 ? " (\(axis.info.resolution) units/g)" : "")")
                if let model, model.forceSource == .pressure {
                    lines.append("    force: up to \(NumberFormat.trimmed(model.maximumPossibleForce, decimals: 2)) (average touch at \(NumberFormat.trimmed(model.averagePressure, decimals: 1)))")
                }
            } else if description.supports(.abs, code: AbsCode.mtPressure) || description.supports(.abs, code: AbsCode.pressure) {
                lines.append("    pressure: \(description.isMultitouch ? "ABS_MT_PRESSURE" : "ABS_PRESSURE") (range unknown: device not opened)")
            } else if device.kind != .other {
                lines.append("    pressure: none; \(DeviceReport.pressurelessSummary(device: description, model: model))")
            }
            if description.isMultitouch {
                lines.append("    contacts: \(description.usesSlots ? (device.isOpened ? "\(description.slotCount) slots (protocol B)" : "protocol B") : "protocol A")")
            }
            if description.hasForceFeedback {
                let effects = description.codes(of: .ff).map { EventCodeNames.name(type: .ff, code: $0) }.joined(separator: " ")
                let slots = device.isOpened ? ", \(description.forceFeedbackEffectSlots) effect slots" : ""
                lines.append("    haptics: \(effects)\(slots)")
            }
        }
        switch device.access {
        case .readWrite: lines.append("    access: read and write")
        case .readOnly: lines.append("    access: read only\(description.hasForceFeedback ? " (haptics need write access)" : "")")
        case .denied: lines.append("    access: none — \(device.access.problem(classification: device.classification) ?? "")")
        }
        if let twinRole { lines.append("    twin: \(twinRole.summary)") }
        if let error = device.openError, device.access.canRead { lines.append("    note: \(error)") }
        return lines.joined(separator: "\n")
    }

    /// The device as one JSON object.
    package var jsonLine: String {
        let description = device.description
        var line = JSONLine()
        line.string("node", device.node)
        line.string("name", description.name)
        line.string("kind", device.kind.rawValue)
        line.bool("served", device.isForceBridgeDevice)
        line.string("classifiedBy", device.hasUdevDatabase ? "udev" : "capabilities")
        let axis = device.isOpened ? description.pressureAxis : nil
        line.string("pressureAxis", axis?.name ?? (device.isOpened ? "none" : nil))
        line.int("pressureMin", axis.map { Int($0.info.minimum) })
        line.int("pressureMax", axis.map { Int($0.info.maximum) })
        line.number("maximumPossibleForce", model?.maximumPossibleForce, decimals: 4)
        line.string("forceSource", model?.forceSource.rawValue)
        line.int("slots", device.isOpened ? description.slotCount : nil)
        line.raw("forceFeedback", "[" + description.codes(of: .ff).map { JSONText.quoted(EventCodeNames.name(type: .ff, code: $0)) }.joined(separator: ",") + "]")
        line.int("effectSlots", device.isOpened && description.hasForceFeedback ? description.forceFeedbackEffectSlots : nil)
        line.addAccess(of: device)
        line.addTwinRole(twinRole)
        return line.line
    }
}

extension JSONLine {
    /// `"twinOf": "/dev/input/event5"` for a twin (null when its original is gone), `"twinnedBy":
    /// "/dev/input/event9"` for an original; nothing for other devices.
    mutating func addTwinRole(_ role: TwinRole?) {
        switch role {
        case .twin(let original): string("twinOf", original)
        case .twinned(let twin): string("twinnedBy", twin)
        case nil: break
        }
    }
}
