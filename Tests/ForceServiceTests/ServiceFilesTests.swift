import ForceService
import ForceTestSupport
import Testing

/// The unit and activation file `forcebridge service install` writes are the ones `make
/// install` installs (service/*.in), and go where systemd and the bus look for a user's files.
struct ServiceFilesTests {
    @Test func theShippedFilesMatch() throws {
        #expect(try Repository.text("service/forcebridge.service.in") == ServiceFiles.unit(binaryDirectory: "@BINDIR@"))
        #expect(try Repository.text("service/org.forcebridge.ForceBridge1.service.in") == ServiceFiles.activation(binaryDirectory: "@BINDIR@"))
    }

    @Test func userDirectoriesFollowXDG() {
        #expect(ServiceFiles.userDirectories(environment: ["HOME": "/home/ana"])! == ("/home/ana/.config/systemd/user", "/home/ana/.local/share/dbus-1/services"))
        #expect(ServiceFiles.userDirectories(environment: ["HOME": "/home/ana", "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "relative"])!
            == ("/c/systemd/user", "/home/ana/.local/share/dbus-1/services"))
        #expect(ServiceFiles.userDirectories(environment: [:]) == nil)
    }

    @Test func theUsersFilesAreWrittenWithTheirFolders() throws {
        let home = try TemporaryDirectory()
        let files = try ServiceFiles.userFiles(environment: ["HOME": home.path])
        #expect(files.map(\.path) == [home.path + "/.config/systemd/user/" + ServiceFiles.unitName,
                                      home.path + "/.local/share/dbus-1/services/" + ServiceFiles.activationName])
        for (path, text) in files { try ServiceFiles.install(text, at: path) }
        #expect(home.read(".config/systemd/user/" + ServiceFiles.unitName) == files[0].text)
        #expect(home.read(".local/share/dbus-1/services/" + ServiceFiles.activationName) == files[1].text)
        #expect(throws: ServiceFiles.UserFilesError.noHome) { try ServiceFiles.userFiles(environment: [:]) }
    }
}
