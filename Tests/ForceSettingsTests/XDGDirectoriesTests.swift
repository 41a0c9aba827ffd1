import Foundation
import ForceSettings
import Testing

/// `$XDG_CONFIG_HOME` and `$XDG_DATA_HOME`, falling back to `~/.config` and `~/.local/share`.
@Suite("XDG directories")
struct XDGDirectoriesTests {
    @Test func defaultsUnderHome() {
        let directories = XDGDirectories(environment: ["HOME": "/home/ada"])
        #expect(directories.configuration.path == "/home/ada/.config/forcebridge")
        #expect(directories.data.path == "/home/ada/.local/share/forcebridge")
        #expect(directories.profilesFile.path == "/home/ada/.config/forcebridge/profiles.json")
    }

    @Test func absoluteVariablesWin() {
        let directories = XDGDirectories(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "/etc/xdg-ada", "XDG_DATA_HOME": "/srv/data"])
        #expect(directories.configuration.path == "/etc/xdg-ada/forcebridge")
        #expect(directories.data.path == "/srv/data/forcebridge")
        #expect(directories.profilesFile.path == "/etc/xdg-ada/forcebridge/profiles.json")
    }

    @Test func relativeAndEmptyVariablesAreIgnored() {
        let directories = XDGDirectories(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": ""])
        #expect(directories.configuration.path == "/home/ada/.config/forcebridge")
        #expect(directories.data.path == "/home/ada/.local/share/forcebridge")
    }

    @Test func withoutHomeTheUsersHomeDirectoryIsUsed() {
        for environment in [[:], ["HOME": ""]] as [[String: String]] {
            let directories = XDGDirectories(environment: environment)
            #expect(directories.configuration.path == URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".config/forcebridge").path)
        }
    }
}
