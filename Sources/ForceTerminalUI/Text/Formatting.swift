import ForceCore
import ForceSession

/// `value` with exactly `decimals` decimals, as `printf("%.*f")` writes it.
func fixed(_ value: Double, _ decimals: Int) -> String {
    NumberFormat.fixed(value, decimals: decimals)
}

/// `1 touch`, `2 touches`.
func plural(_ count: Int, _ singular: String, _ pluralForm: String) -> String {
    DeviceReport.plural(count, singular, pluralForm)
}
