import ForceCore
import ForceSystem

/// What `forcebridge doctor` finds out about one event node: whether ForceBridge's udev rules
/// apply to it (and if not, why not), which hwdb settings it carries, whether this user can open
/// it, and what to do next.
public struct DeviceDiagnosis: Sendable {
    /// What the diagnosis of every device shares.
    public struct Context: Sendable {
        /// Whether and where the udev files are installed.
        public var installation: UdevInstallationStatus
        /// Who the `uaccess` tag gives access to.
        public var seatUser: SeatUser
        /// The user running the check.
        public var userID: UInt32

        /// Creates a context.
        public init(installation: UdevInstallationStatus, seatUser: SeatUser, userID: UInt32) {
            self.installation = installation
            self.seatUser = seatUser
            self.userID = userID
        }
    }

    /// Whether the rules have done their part for the node.
    public enum RulesState: Hashable, Sendable {
        /// udev applied them: `FORCEBRIDGE_ACCESS` is set to `kind` and the node is tagged `uaccess`.
        case applied(kind: String)
        /// They should apply, but have not.
        case pending(PendingReason)
        /// The rules leave the node out on purpose.
        case excluded(reason: String)
        /// The rules do not concern the node (not touch, tablet or haptic).
        case notCovered
    }

    /// Why rules that should apply to a node have not.
    public enum PendingReason: Hashable, Sendable, CustomStringConvertible {
        /// systemd-udevd does not run.
        case udevNotRunning
        /// udev has no record of the node.
        case notProcessedByUdev
        /// The rules are not installed.
        case notInstalled
        /// The installed rules at `path` are another version's.
        case outdated(path: String)
        /// The rules came after the node, and udev has not re-evaluated it since.
        case installedAfterDevice
        /// ForceBridge's rule set `FORCEBRIDGE_ACCESS`, but a later rule removed the tag.
        case tagRemoved

        public var description: String {
            switch self {
            case .udevNotRunning: return "systemd-udevd is not running, so no udev rule applies"
            case .notProcessedByUdev: return "udev has not processed this device"
            case .notInstalled: return "ForceBridge's udev rules are not installed"
            case .outdated(let path): return "\(path) is not this version's rules"
            case .installedAfterDevice: return "the rules were installed after the device appeared"
            case .tagRemoved: return "another udev rule removed the uaccess tag that ForceBridge's rule set"
            }
        }

        /// What to do about it for the node `node`.
        func nextStep(node: String) -> String {
            switch self {
            case .udevNotRunning, .notProcessedByUdev:
                return "Start systemd-udevd (it is part of systemd; 'systemctl start systemd-udevd'). "
                    + "Without it, only root or members of the 'input' group can open \(node)."
            case .notInstalled: return "Install the udev rules: 'sudo forcebridge udev install'."
            case .outdated: return "Reinstall the udev rules: 'sudo forcebridge udev install'."
            case .installedAfterDevice:
                return "Have udev re-evaluate it: 'sudo udevadm trigger --action=change \(node)', or unplug and replug it."
            case .tagRemoved: return "Find the rule that removes the tag: 'udevadm test $(udevadm info -q path \(node))'."
            }
        }
    }

    /// The device.
    public let device: InputDeviceInfo
    /// What the rules decide for it.
    public let decision: UdevAccessPolicy.Decision
    /// Whether they have been applied.
    public let rules: RulesState
    /// Whether udev tagged the node `uaccess` (by ForceBridge's rules or any other).
    public let hasUaccessTag: Bool
    /// The node's links under `/dev/input/forcebridge/`.
    public let links: [String]
    /// The `FORCEBRIDGE_*` settings the hwdb gives it.
    public let settings: UdevDeviceSettings
    /// What to do, most important first; empty when nothing needs doing.
    public let nextSteps: [String]

    /// Diagnoses `device` in `context`.
    public init(device: InputDeviceInfo, context: Context) {
        self.device = device
        let properties = device.udevProperties
        decision = UdevAccessPolicy.decision(for: device.classification)
        let tags = (properties["CURRENT_TAGS"] ?? properties["TAGS"] ?? "").split(separator: ":")
        hasUaccessTag = tags.contains("uaccess")
        links = (properties["DEVLINKS"] ?? "").split(separator: " ").map(String.init)
            .filter { $0.hasPrefix("/dev/input/forcebridge/") }.sorted()
        settings = UdevDeviceSettings(udevProperties: properties, pressureAxis: device.isOpened ? device.description.pressureAxis?.info : nil)

        let granted = properties[UdevDeviceSettings.accessProperty].flatMap { $0.isEmpty ? nil : $0 }
        let state: RulesState
        switch decision {
        case .excluded(let reason): state = granted.map { .applied(kind: $0) } ?? .excluded(reason: reason)
        case .notCovered: state = granted.map { .applied(kind: $0) } ?? .notCovered
        case .granted:
            if let granted, hasUaccessTag {
                state = .applied(kind: granted)
            } else if granted != nil {
                state = .pending(.tagRemoved)
            } else {
                state = .pending(Self.pendingReason(device: device, installation: context.installation))
            }
        }
        rules = state
        nextSteps = Self.nextSteps(device: device, decision: decision, rules: state, settings: settings, context: context)
    }

    /// Whether the device needs the user's attention: the rules are meant to give access but this
    /// user cannot use it fully, or its hwdb settings are invalid.
    public var needsAttention: Bool {
        if !settings.problems.isEmpty { return true }
        guard decision.isGranted else { return false }
        return !device.access.canRead || (device.description.hasForceFeedback && !device.access.canWrite)
    }

    // MARK: - Reasoning

    private static func pendingReason(device: InputDeviceInfo, installation: UdevInstallationStatus) -> PendingReason {
        if !installation.isUdevRunning { return .udevNotRunning }
        if !device.hasUdevDatabase { return .notProcessedByUdev }
        guard let path = installation.rules.path else { return .notInstalled }
        if !installation.rules.isCurrent { return .outdated(path: path) }
        return .installedAfterDevice
    }

    private static func nextSteps(device: InputDeviceInfo, decision: UdevAccessPolicy.Decision, rules: RulesState,
                                  settings: UdevDeviceSettings, context: Context) -> [String] {
        var steps: [String] = []
        let node = device.node
        switch rules {
        case .pending(let reason):
            steps.append(reason.nextStep(node: node))
        case .excluded(let reason) where device.isForceBridgeDevice:
            steps.append("The rules leave \(node) out on purpose: \(reason). To use it, run ForceBridge as root, "
                + "or add a local rule for this one device (see udev-rules/README.md).")
        default:
            break
        }
        if case .applied = rules {
            let needsWrite = device.description.hasForceFeedback
            if !device.access.canRead || (needsWrite && !device.access.canWrite) {
                let what = device.access.canRead ? "Haptics need write access to \(node). " : ""
                steps.append(what + accessAdvice(context: context))
            }
        }
        for problem in settings.problems {
            steps.append("Fix \(problem.property) in the hwdb entry for this device: \(problem.description).")
        }
        return steps
    }

    /// Why logind has not given this user the access the rules asked for.
    private static func accessAdvice(context: Context) -> String {
        switch context.seatUser {
        case .unknown(let reason):
            return "The uaccess tag needs systemd-logind, which cannot be asked here (\(reason)). "
                + "Run ForceBridge as root, or add yourself to the 'input' group (that opens every input device, keyboards too)."
        case .nobody:
            return "Nobody is logged in at the seat; uaccess gives access to the user of the active local session. "
                + "Log in at the machine itself (not over ssh)."
        case .active(let userID, let name) where userID != context.userID:
            return "The seat's active session belongs to \(name) (uid \(userID)); uaccess gives access to that user only. "
                + "Log in at the machine as yourself, or switch to your session."
        case .active:
            return "logind has not updated the device's ACL yet: unplug and replug it, or log out and back in."
        }
    }
}
