"""check-layering's self-test: a small tree with one violation of each kind the check must catch,
and the clean and allowed code it must let through."""
import os
import sys
import tempfile

PACKAGE = '''
// .target(name: "Commented", dependencies: ["Nothing"]),
let package = Package(targets: [
    .systemLibrary(name: "CSystemShims"),
    .target(name: "ForceSystem", dependencies: ["CSystemShims", .product(name: "SystemPackage", package: "swift-system")]),
    .target(name: "Pure", dependencies: ["Core"]),
    .target(name: "Core"),
    .target(name: "App", dependencies: ["Pure", "Core", "ForceSystem"]),
    .target(name: "Unlisted"),
    .testTarget(name: "PureTests", dependencies: ["Pure"]),
])
'''

ARCHITECTURE = '''
| target | holds | may import | system calls, unsafe code |
|---|---|---|---|
| `CSystemShims` | shims | — | C |
| `ForceSystem` | the base | `CSystemShims`, `SystemPackage` | yes (only in `Syscalls/`) |
| `Pure` | pure code | `Core` | none |
| `Core` | the model | — | yes |
| `App` | commands | `Pure`, `ForceSystem` | none |
| `Gone` | nothing any more | — | none |
'''

ALLOWLIST = '''# comment
Pure.Storage  unsafe-pointers  # the named type
Pure.Relay  unowned-unsafe,exclusivity-unchecked  # both
Pure.Vanished  unsafe-pointers  # was here
Pure.Clean  unsafe-pointers  # no unsafe code
Pure.Methods  unsafe-pointers
Sources/Pure/Storage.swift  # a file, not a type
'''

FILES = {
    "Sources/CSystemShims/shim.h": "static inline int fb_epoll_wait(int epfd) { return 0; }\n",
    "Sources/ForceSystem/Syscalls/Table.swift":
        "import Glibc\nfunc r(_ fd: CInt) -> Int { read(fd, nil, 0) }\nlet w = fb_epoll_wait(3)\n",
    "Sources/ForceSystem/Loop/Loop.swift":
        "import SystemPackage\nstruct Loop { func go() { _ = close(3); _ = fb_epoll_wait(3) } }\n",
    "Sources/Core/Model.swift": "struct Model {}\n",
    "Sources/Pure/Clean.swift":
        "import Glibc\nimport Core\nstruct Clean { let a = sqrt(2.0) + Glibc.atan2(1, 2)\n func read() {}\n func go() { read() }\n}\n"
        "// ioctl(fd, 0)\nlet s = \"kill(1)\"\nlet t = x.write(bytes)\n",
    "Sources/Pure/Storage.swift": "struct Storage { let slots: UnsafeMutableBufferPointer<Int>\n struct Inner { let p: OpaquePointer } }\n",
    "Sources/Pure/Relay.swift": "final class Relay { unowned(unsafe) var owner: Relay\n @exclusivity(unchecked) var state = 0 }\n",
    "Sources/Pure/Methods.swift":
        "struct Methods { func open(_ s: String) {}\n func write(_ b: [UInt8]) {}\n func go() { open(\"svg\"); write([]) } }\n"
        "struct Other { func go() { _ = write(1, p, 2) } }\n",
    "Sources/Pure/Bad.swift":
        "import ForceSystem\nimport Foundation\n@_exported import Core\n"
        "let r = ioctl(fd, 1)\n_ = Glibc.write(1, p, 2)\nlet q: UnsafeRawPointer? = nil\ntcsetattr(0, 0, &mode)\n"
        "let e = Glibc.strerror(2)\nlet root = geteuid() == 0\nbuffer.withUnsafeBytes { _ in }\n"
        "let m = strerror(2)\nsetenv(\"A\", \"b\", 1)\n_ = lseek(fd, 0, 0)\nexit(1)\n"
        "let f = try FileDescriptor.open(path, .readOnly)\n_ = try descriptor.read(into: buffer)\n"
        "final class Holder { unowned(unsafe) var owner: Holder\n @exclusivity(unchecked) var count = 0 }\n"
        "_ = SystemCall.table\n",
    "Sources/App/Main.swift": "import Pure\nimport Core\nimport SystemPackage\n",
    "Sources/Unlisted/Thing.swift": "struct Thing {}\n",
    "Tests/PureTests/PureTests.swift": "import Pure\nimport Core\nimport Testing\n",
}

EXPECTED = [
    # Imports against Package.swift and docs/architecture.md.
    "Sources/Pure/Bad.swift:1: imports ForceSystem, which Package.swift does not declare for Pure",
    "Sources/Pure/Bad.swift:1: imports ForceSystem, which docs/architecture.md's table does not allow Pure",
    "Sources/Pure/Bad.swift:2: imports Foundation (ICU) into forcebridge",
    "Sources/Pure/Bad.swift:3: re-exports Core (@_exported)",
    "Sources/App/Main.swift:2: imports Core, which docs/architecture.md's table does not allow App",
    "Sources/App/Main.swift:3: imports SystemPackage, which Package.swift does not declare for App",
    "Sources/App/Main.swift:3: imports SystemPackage, which docs/architecture.md's table does not allow App",
    "Package.swift: App depends on Core, which docs/architecture.md's table does not list for it",
    "Tests/PureTests/PureTests.swift:2: imports Core, which Package.swift does not declare for PureTests",
    "docs/architecture.md: the table has no row for Unlisted",
    "docs/architecture.md: the table names Gone, which Package.swift does not define",
    "docs/architecture.md: the table says Core may call the kernel",
    # Kernel calls outside the system layer.
    "Sources/Pure/Bad.swift:4: system call ioctl()",
    "Sources/Pure/Bad.swift:5: system call write()",
    "Sources/Pure/Bad.swift:7: system call tcsetattr()",
    "Sources/Pure/Bad.swift:8: system call strerror()",
    "Sources/Pure/Bad.swift:9: system call geteuid()",
    "Sources/Pure/Bad.swift:11: system call strerror()",
    "Sources/Pure/Bad.swift:12: system call setenv()",
    "Sources/Pure/Bad.swift:13: system call lseek()",
    "Sources/Pure/Bad.swift:14: system call exit()",
    "Sources/Pure/Methods.swift:4: system call write()",
    "Sources/Pure/Bad.swift:15: swift-system call FileDescriptor.open",
    "Sources/Pure/Bad.swift:16: swift-system call descriptor.read",
    "Sources/Pure/Bad.swift:19: SystemCall (the system layer's funnel)",
    # Kernel calls in the base outside its funnel.
    "Sources/ForceSystem/Loop/Loop.swift:2: system call close() outside the syscall funnel",
    "Sources/ForceSystem/Loop/Loop.swift:2: shim call fb_epoll_wait outside the syscall funnel",
    # Unsafe code and the allowlist.
    "Sources/Pure/Bad.swift:6: unsafe-pointers (UnsafeRawPointer)",
    "Sources/Pure/Bad.swift:10: unsafe-pointers (withUnsafeBytes)",
    "Sources/Pure/Bad.swift:17: unowned-unsafe",
    "Sources/Pure/Bad.swift:18: exclusivity-unchecked",
    "Scripts/layering-allowlist:4: Pure declares no type Vanished",
    "Scripts/layering-allowlist:5: Pure.Clean uses no unsafe-pointers any more",
    "Scripts/layering-allowlist:6: Pure.Methods needs a reason",
    "Scripts/layering-allowlist:6: Pure.Methods uses no unsafe-pointers any more",
    "Scripts/layering-allowlist:7: Sources/Pure/Storage.swift names a file",
]


def self_test(check):
    with tempfile.TemporaryDirectory() as root:
        files = dict(FILES)
        files["Package.swift"] = PACKAGE
        files["docs/architecture.md"] = ARCHITECTURE
        files["Scripts/layering-allowlist"] = ALLOWLIST
        for path, text in files.items():
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(text)
        problems = check(root)
    missing = [e for e in EXPECTED if not any(p.startswith(e) for p in problems)]
    extra = [p for p in problems if not any(p.startswith(e) for e in EXPECTED)]
    for line in missing:
        print(f"check-layering self-test: missed {line}", file=sys.stderr)
    for line in extra:
        print(f"check-layering self-test: wrongly flagged {line}", file=sys.stderr)
    if missing or extra:
        return 1
    print(f"check-layering self-test: {len(EXPECTED)} violations caught, clean and allowed code passed")
    return 0
