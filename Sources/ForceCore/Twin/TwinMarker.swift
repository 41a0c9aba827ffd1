/// What marks a twin (a uinput copy ForceBridge made of a pen or touchscreen, its pressure
/// calibrated): its physical location (`phys`) starts `forcebridge-twin:` and names the original's
/// event node, then keeps the original's own location, e.g.
/// `forcebridge-twin:event5/usb-0000:00:14.0-1/input0`. The shipped udev rules see the prefix and
/// set `FORCEBRIDGE_TWIN=1` on the twin's node, so that any program can tell it from the original.
///
/// Everything else of the original stays as it was (name, ids, capabilities, properties), so
/// that the hwdb, libinput's quirks and libwacom match the twin as they match the original.
public struct TwinMarker: Hashable, Sendable {
    /// The prefix of a twin's `phys`.
    public static let prefix = "forcebridge-twin:"
    /// The udev property the shipped rules set on a twin's node.
    public static let udevProperty = "FORCEBRIDGE_TWIN"
    /// The longest `phys` written: the kernel keeps what uinput is given, but readers (and
    /// `EVIOCGPHYS` with a short buffer) do better with a short one.
    public static let maximumLength = 63

    /// The kernel name of the original's event node (`event5`), nil when the marker does not say.
    public var original: String?
    /// The original's own `phys`, nil when it had none.
    public var originalLocation: String?

    /// A marker naming the original's node `sysname` and location.
    public init(original: String?, originalLocation: String?) {
        self.original = original
        self.originalLocation = originalLocation
    }

    /// The marker `phys` carries, or nil when it is not a twin's.
    public init?(physicalLocation: String?) {
        guard let physicalLocation, physicalLocation.hasPrefix(Self.prefix) else { return nil }
        let rest = physicalLocation.dropFirst(Self.prefix.count)
        let name = rest.prefix { $0 != "/" }
        original = name.isEmpty ? nil : String(name)
        let location = rest.dropFirst(name.count).dropFirst()
        originalLocation = location.isEmpty ? nil : String(location)
    }

    /// The `phys` a twin carries.
    public var physicalLocation: String {
        var text = Self.prefix + (original ?? "")
        if let originalLocation { text += "/" + originalLocation }
        return String(text.utf8.prefix(Self.maximumLength)) ?? String(text.prefix(Self.maximumLength))
    }
}

extension DeviceDescription {
    /// The marker of a twin: from its `phys`, or (a twin whose `phys` was cut) from the udev
    /// property the shipped rules set; nil for any other device.
    public var twinMarker: TwinMarker? {
        if let marker = TwinMarker(physicalLocation: physicalLocation) { return marker }
        if udevProperties[TwinMarker.udevProperty] == "1" { return TwinMarker(original: nil, originalLocation: nil) }
        return nil
    }

    /// Whether this device is a ForceBridge twin.
    public var isTwin: Bool { twinMarker != nil }
}
