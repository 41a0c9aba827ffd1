import ArgumentParser

/// `--device N`: which device of a recording that holds several (libinput record files may),
/// for every command that reads recordings.
package struct DeviceIndexOptions: ParsableArguments {
    package init() {}

    @Option(help: ArgumentHelp(
        "Which device of a recording that holds several (0-based, in file order; default: the first touchscreen or tablet).",
        valueName: "N"))
    package var device: Int?

    package func validate() throws {
        if let device, device < 0 { throw ValidationError("--device must be 0 or more, found \(device)") }
    }
}
