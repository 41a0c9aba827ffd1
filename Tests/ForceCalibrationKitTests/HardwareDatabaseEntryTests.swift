import ForceCalibrationKit
import ForceCore
import Testing

/// The hwdb entry matches the calibrated node by modalias and gives it exactly the proposed
/// calibration when ForceBridge reads the properties back.
@Suite("Calibration: hwdb entry")
struct HardwareDatabaseEntryTests {
    static func penResult() throws -> CalibrationResult {
        let device = CalibrationFixtures.bambooPen()
        let events = CalibrationFixtures.penSession(device, rest: 82, light: 206, ordinary: 330, firm: 900)
        return try #require(try CalibrationFixtures.replay(events, on: device).result)
    }

    @Test func modaliasIsPrintedAsTheKernelDoes() {
        // The pen of a Bamboo: EV_SYN, EV_KEY, EV_ABS; pen tools, touch, stylus; X, Y, pressure, distance.
        #expect(InputModalias(device: CalibrationFixtures.bambooPen()).text
            == "input:b0003v056Ap00D1e0100-e0,1,3,k140,141,14A,14B,ra0,1,18,19,mlsfw")
        #expect(InputModalias(device: CalibrationFixtures.elanTouchscreen()).text
            == "input:b0018v04F3p2C82e0100-e0,1,3,k14A,ra0,1,2F,30,35,36,39,3A,mlsfw")
    }

    @Test func entryMatchesTheNodeAndReadsBackAsTheProposal() throws {
        let result = try Self.penResult()
        let entry = HardwareDatabaseEntry(result: result)
        #expect(entry.match == "evdev:input:b0003v056Ap00D1e*-e0,1,3,k140,141,14A,14B,ra0,1,18,19,m*")
        try entry.verify()
        let names = entry.properties.map(\.name)
        #expect(names == ["FORCEBRIDGE_AVERAGE_PRESSURE", "FORCEBRIDGE_RESTING_OFFSET", "FORCEBRIDGE_TIP_DOWN",
                          "FORCEBRIDGE_TIP_UP", "FORCEBRIDGE_PRESSURE_CURVE"])
        let settings = UdevDeviceSettings(udevProperties: entry.udevProperties, pressureAxis: result.device.pressureAxis?.info)
        #expect(settings.problems.isEmpty)
        #expect(settings.calibration == result.proposal.calibration)
        let lines = entry.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.hasPrefix("#") }.count == entry.comments.count)
        #expect(lines.contains { $0 == Substring(entry.match) })
        #expect(lines.filter { $0.hasPrefix(" FORCEBRIDGE_") }.count == entry.properties.count)
        #expect(entry.text.hasSuffix("\n"))
    }

    @Test func contactSizeIsWrittenUnderItsOwnPropertiesAsUdevReadsThem() throws {
        let screen = CalibrationFixtures.elanTouchscreen(pressure: false)
        let events = CalibrationFixtures.touchSession(screen, light: 28, ordinary: 40, firm: 90)
        let result = try #require(try CalibrationFixtures.replay(events, on: screen).result)
        let entry = HardwareDatabaseEntry(result: result)
        try entry.verify()
        #expect(entry.udevProperties["FORCEBRIDGE_FORCE_SOURCE"] == "contactSize")
        #expect(entry.udevProperties["FORCEBRIDGE_CONTACT_SIZE_CURVE"]?.hasPrefix("gamma:") == true)
        #expect(entry.udevProperties["FORCEBRIDGE_AVERAGE_CONTACT_SIZE"] == "40")
        #expect(entry.udevProperties["FORCEBRIDGE_RESTING_CONTACT_SIZE"] == "0")
        #expect(entry.properties.map(\.name) == [
            "FORCEBRIDGE_FORCE_SOURCE", "FORCEBRIDGE_AVERAGE_CONTACT_SIZE", "FORCEBRIDGE_RESTING_CONTACT_SIZE",
            "FORCEBRIDGE_CONTACT_SIZE_CURVE",
        ], "no pressure settings for a contact-size calibration")
    }

    @Test func verifyCatchesAValueUdevWouldIgnore() throws {
        let result = try Self.penResult()
        var calibration = result.proposal.calibration
        calibration.averagePressure = 5000
        let settings = UdevDeviceSettings(udevProperties: ["FORCEBRIDGE_AVERAGE_PRESSURE": "5000"], pressureAxis: result.device.pressureAxis?.info)
        #expect(!settings.problems.isEmpty, "the reader this check relies on refuses out-of-range pressures")
    }
}
