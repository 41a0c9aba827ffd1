import ForceCore
import ForceSession
import ForceUdev

extension DoctorReport {
    func setupLine() -> String {
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

    func deviceLine(_ diagnosis: DeviceDiagnosis, model: ForceModel?) -> String {
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
        line.addTwinRole(twinRoles[device.node])
        line.bool("needsAttention", diagnosis.needsAttention)
        line.raw("nextSteps", Self.array(diagnosis.nextSteps))
        return line.line
    }

    private static func array(_ strings: [String]) -> String {
        JSONText.array(strings)
    }
}
