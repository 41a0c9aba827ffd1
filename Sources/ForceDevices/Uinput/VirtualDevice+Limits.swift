import ForceCore

extension VirtualDevice {
    /// The largest `ABS_MT_SLOT` maximum uinput accepts (100 slots); larger fails `UI_DEV_CREATE`
    /// with `EINVAL`.
    public static let maximumSlotIndex: Int32 = 99

    /// Checks `description` against what uinput refuses, so that the error says what to change
    /// rather than the kernel's bare `EINVAL`.
    static func checkLimits(of description: DeviceDescription) throws(DeviceError) {
        if description.supports(.abs, code: AbsCode.mtSlot),
           let slot = description.axes[AbsCode.mtSlot], slot.maximum > maximumSlotIndex {
            throw .uinputRejected(device: description.name, reason: """
                it has \(Int(slot.maximum) + 1) multitouch slots (ABS_MT_SLOT \(slot.minimum)...\(slot.maximum)) and \
                uinput allows at most \(maximumSlotIndex + 1). Lower ABS_MT_SLOT's maximum to \(maximumSlotIndex) or \
                less, but not below the highest slot its events use; in a recording, that is, its header's ABS_MT_SLOT axis \
                (evemu: the 'A: 2f' line; libinput record: absinfo 47; evtest: Event code 47 Max)
                """)
        }
        for code in description.codes(of: .abs).sorted() {
            guard let axis = description.axes[code] else { continue }
            let name = EventCodeNames.name(type: .abs, code: code)
            if axis.maximum < axis.minimum && (axis.minimum != 0 || axis.maximum != 0) {
                throw .uinputRejected(device: description.name, reason: """
                    axis \(name) has a maximum (\(axis.maximum)) below its minimum (\(axis.minimum)). \
                    Swap or correct them in the description (in a recording, its header)
                    """)
            }
            if Int64(axis.flat) > Int64(axis.maximum) - Int64(axis.minimum) {
                throw .uinputRejected(device: description.name, reason: """
                    axis \(name) has a flat value (\(axis.flat)) larger than its range (\(Int64(axis.maximum) - Int64(axis.minimum))). Set it to 0 in the description (in a recording, its header)
                    """)
            }
        }
    }
}
