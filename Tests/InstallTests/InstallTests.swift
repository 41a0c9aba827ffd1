import Foundation
import Testing

/// `make install-files` and `make uninstall`, staged into a DESTDIR with the tests' build (whose
/// manual pages `make test` generates first): the tree, the manual pages through `man`, and bash
/// completion through bash.
@Suite("make install")
struct InstallTests {
    @Test("the staged tree: binaries, a manual page per command, completions, udev rules and hwdb, service files; uninstall removes them")
    func tree() throws {
        let staged = try StagedInstall()
        #expect(staged.result.status == 0, "\(staged.result.errors)")
        let commands = try CommandTree.load()
        var expected: Set<String> = [
            "usr/bin/forcebridge",
            "usr/bin/forcebridge-view",
            "usr/share/bash-completion/completions/forcebridge",
            "usr/share/zsh/site-functions/_forcebridge",
            "usr/share/fish/vendor_completions.d/forcebridge.fish",
            "etc/udev/rules.d/70-forcebridge.rules",
            "etc/udev/hwdb.d/70-forcebridge.hwdb",
            "usr/lib/systemd/user/forcebridge.service",
            "usr/share/dbus-1/services/org.example.ForceBridge.service",
        ]
        expected.formUnion(commands.all.map { "usr/share/man/man1/\($0.manualPage)" })
        #expect(staged.files() == expected)

        // The built binaries without their debug information; `forcebridge view` runs the program
        // beside it.
        for (installed, built) in [("usr/bin/forcebridge", Repository.forcebridge), ("usr/bin/forcebridge-view", Repository.forcebridgeView)] {
            let stripped = staged.path("stripped")
            #expect(try Shell.run("/usr/bin/strip", ["--strip-debug", "-o", stripped, built]).status == 0)
            #expect(FileManager.default.contentsEqual(atPath: staged.path(installed), andPath: stripped), "\(installed)")
            try FileManager.default.removeItem(atPath: stripped)
            let sections = try Shell.run("/usr/bin/readelf", ["--section-headers", "--wide", staged.path(installed)]).output
            #expect(sections.contains(".symtab") && !sections.contains(".debug_info"), "\(installed): \(sections)")
            #expect(FileManager.default.isExecutableFile(atPath: staged.path(installed)))
        }
        for (installed, shipped) in [("etc/udev/rules.d/70-forcebridge.rules", "udev-rules/70-forcebridge.rules"),
                                     ("etc/udev/hwdb.d/70-forcebridge.hwdb", "udev-rules/70-forcebridge.hwdb")] {
            #expect(FileManager.default.contentsEqual(atPath: staged.path(installed), andPath: "\(Repository.root)/\(shipped)"), "\(installed)")
        }
        for (installed, shell) in [("usr/share/bash-completion/completions/forcebridge", "bash"),
                                   ("usr/share/zsh/site-functions/_forcebridge", "zsh"),
                                   ("usr/share/fish/vendor_completions.d/forcebridge.fish", "fish")] {
            let script = try Shell.run(Repository.forcebridge, ["--generate-completion-script", shell]).output
            #expect(!script.isEmpty)
            #expect(try String(contentsOfFile: staged.path(installed), encoding: .utf8) == script, "\(installed)")
        }
        #expect(try String(contentsOfFile: staged.path("usr/lib/systemd/user/forcebridge.service"), encoding: .utf8)
            == "[Service]\nExecStart=/usr/bin/forcebridge serve\n")

        let uninstall = try staged.uninstall()
        #expect(uninstall.status == 0, "\(uninstall.errors)")
        #expect(staged.files().isEmpty)
    }

    @Test("man renders every installed page: the command's name and synopsis")
    func manualPages() throws {
        let staged = try StagedInstall()
        #expect(staged.result.status == 0, "\(staged.result.errors)")
        for command in try CommandTree.load().all {
            let page = staged.path("usr/share/man/man1/\(command.manualPage)")
            let rendered = try Shell.run("/usr/bin/man", ["-l", page], environment: ["MANWIDTH": "100", "MANPAGER": "cat", "PAGER": "cat"])
            #expect(rendered.status == 0, "\(command.manualPage): \(rendered.errors)")
            let name = command.path.joined(separator: " ")
            #expect(rendered.output.contains("NAME"), "\(command.manualPage)")
            #expect(rendered.output.contains("SYNOPSIS"), "\(command.manualPage)")
            #expect(rendered.output.contains("\(name) —"), "\(command.manualPage): \(rendered.output.prefix(300))")
        }
    }

    @Test("bash completes the (shown) subcommands of the tool and of each command that has them")
    func bashCompletion() throws {
        let staged = try StagedInstall()
        #expect(staged.result.status == 0, "\(staged.result.errors)")
        let script = staged.path("usr/share/bash-completion/completions/forcebridge")
        let commands = try CommandTree.load()
        for command in commands.all where !command.subcommands.isEmpty {
            let words = command.subcommands.filter { !$0.isHidden }.map { $0.path.last ?? "" }
            let offered = try complete(command.path + [""], with: script).filter { !$0.hasPrefix("-") }
            #expect(offered == words, "\(command.path.joined(separator: " ")) <TAB>")
        }
        let prefix = "re"
        #expect(try complete(["forcebridge", prefix], with: script)
            == commands.subcommands.filter { !$0.isHidden }.map { $0.path.last ?? "" }.filter { $0.hasPrefix(prefix) })
    }

    /// What bash offers for the command line `words` (the last one being completed), with the
    /// completion function that `script` registers for `forcebridge`.
    private func complete(_ words: [String], with script: String) throws -> [String] {
        let driver = """
            source "$1" || exit 3
            spec=$(complete -p forcebridge) || exit 4
            function=${spec##*-F }; function=${function%% *}
            shift
            COMP_WORDS=("$@")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            "$function" forcebridge "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Shell.run("/bin/bash", ["--norc", "--noprofile", "-c", driver, "bash", script] + words)
        #expect(result.status == 0, "\(words): \(result.errors)")
        return result.output.split(separator: "\n").map(String.init)
    }
}
