/// Decimal digits appended to bytes without creating strings: the one routine behind the session
/// output's numbers, evemu files and terminal escape codes.
package enum DecimalDigits {
    /// 10⁰ through 10¹⁹.
    package static let powersOfTen: [UInt64] = (0...19).map { exponent in
        (0..<exponent).reduce(UInt64(1)) { power, _ in power &* 10 }
    }

    /// Appends the decimal digits of `value`, padded with zeros to `minimumCount`, most
    /// significant first, without a buffer.
    package static func append(_ value: UInt64, minimumCount: Int = 1, to bytes: inout [UInt8]) {
        var count = 1
        while count < powersOfTen.count, value >= powersOfTen[count] { count += 1 }
        for _ in count..<max(count, minimumCount) { bytes.append(UInt8(ascii: "0")) }
        var rest = value
        for position in stride(from: count - 1, through: 0, by: -1) {
            let power = powersOfTen[position]
            bytes.append(UInt8(ascii: "0") + UInt8(rest / power))
            rest %= power
        }
    }

    /// Appends `value` in decimal, with a `-` when it is negative and its magnitude padded with
    /// zeros to `minimumCount` digits.
    package static func append<Value: BinaryInteger>(signed value: Value, minimumCount: Int = 1, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        append(UInt64(value.magnitude), minimumCount: minimumCount, to: &bytes)
    }
}
