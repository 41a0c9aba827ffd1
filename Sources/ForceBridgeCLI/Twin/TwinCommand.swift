import ArgumentParser
import ForceCommandLine
import ForceCore
import ForceDevices

/// `forcebridge twin DEVICE`: grabs a pen or pressure touchscreen and re-emits it through a uinput
/// twin with its pressure profile applied, so that every program feels the calibration;
/// `--set` changes a running twin's profile, `--replay` shows what a profile does to a recording.
struct TwinCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "twin",
        abstract: "Re-emit a pen or pressure touchscreen through a calibrated twin, for every program.",
        discussion: """
            Grabs DEVICE (EVIOCGRAB: no other program reads it) and creates its twin through \
            uinput: the same name, ids, properties, capabilities and axis ranges (so the hwdb, \
            libinput's quirks and libwacom match it), marked as a twin (its phys starts \
            forcebridge-twin:, and the shipped udev rules set FORCEBRIDGE_TWIN=1). Every frame goes \
            into the twin with only its pressure and BTN_TOUCH changed: the resting offset removed \
            (learned at proximity-in, or the profile's), the tip going down at --tip above it (and \
            BTN_TOUCH with it), the curve between there and --full, where output saturates. The \
            profile comes from your profile file (curve, restingOffset, learnsRestingOffset, \
            twinTip, twinFull), the options change it. Runs until Ctrl-C or SIGTERM (the grab is \
            let go and the twin removed) or until DEVICE is unplugged; if the process dies, the \
            kernel lets go of the grab at once. Keyboards, mice, pads, force-feedback devices, \
            touchpads and twins are never twinned.

            While it runs it answers on the session bus (org.forcebridge.Twin1.<node>), so \
            'forcebridge twin --set DEVICE --curve 0.2,0.1,0.8,0.9 --tip 3% --full 85%' (or \
            --preset) changes it at the next frame, without re-creating the twin; --set reaches \
            the service's twins (serve --twin) the same way, and --save writes the settings into \
            your profile file with twin on, so that 'forcebridge serve' twins DEVICE at every login.
            """
    )

    @Argument(help: ArgumentHelp("The device: its node (/dev/input/event5) or part of its name; with --replay, a recording.", valueName: "DEVICE"))
    var device: String

    @Flag(help: "Change the profile of DEVICE's running twin (this command's or the service's) instead of starting one.")
    var set = false

    @Flag(help: "With --set: also write the settings into your profile file (with twin on), for the next start and the service.")
    var save = false

    @Flag(help: "Rewrite a recording (DEVICE) as its twin would, instead of a live device: a summary, or the frames with --output.")
    var replay = false

    @Option(name: .shortAndLong, help: ArgumentHelp("With --replay: write the twin's frames to this recording (evemu, or libinput record YAML for .yml).", valueName: "FILE"))
    var output: String?

    @OptionGroup(title: "Pressure profile") var profile: TwinProfileOptions

    @OptionGroup var calibration: CalibrationOptions

    func validate() throws {
        if save && !set { throw ValidationError("--save goes with --set (a running twin's settings, or the ones given, written into the profile)") }
        if set && replay { throw ValidationError("--set changes a running twin; --replay runs a recording: give one of them") }
        if set && profile.isEmpty && !save { throw ValidationError("--set needs --preset, --curve, --tip or --full") }
        if output != nil && !replay { throw ValidationError("--output goes with --replay") }
    }

    func run() throws {
        if set {
            try runSet()
        } else if replay {
            try runReplay()
        } else {
            try runForeground()
        }
    }

    /// The device `device` names among the devices there are that are not twins; a twin's node
    /// names its original.
    func original() throws -> InputDeviceInfo {
        do {
            return try TwinOriginal.named(device, among: DeviceDiscovery.enumerate())
        } catch .originalGone {
            throw CommandFailure("\(device) is ForceBridge's twin of a device that is gone")
        } catch {
            return try DeviceQuery(argument: device).resolve(allowNonTouch: false)
        }
    }
}
