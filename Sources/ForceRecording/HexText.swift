/// `value` in lowercase hexadecimal, padded with zeros to `width` digits (what `%04x` prints).
func hex(_ value: some BinaryInteger, width: Int) -> String {
    let digits = String(value, radix: 16)
    return digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
}
