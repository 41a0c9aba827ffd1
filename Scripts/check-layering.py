#!/usr/bin/env python3
"""check-layering: fails when kernel calls or unsafe pointers appear outside the layers allowed to
hold them (docs/architecture.md).

- System-layer targets (the device layer and the C module maps) may call the kernel and hold
  unsafe pointers.
- A few named types elsewhere may hold unsafe pointers (never call the kernel): each is listed in
  Scripts/layering-allowlist with its reason, one file per line.
- Every other target may use libc's math and nothing else of it: no system calls (ioctl, termios,
  signals, process calls, raw read/write/open/close on descriptors, epoll, timerfd, ...), no
  `Glibc.`-qualified names that are not math.

Usage: Scripts/check-layering.py [--root DIR]   (exit 0 when clean, 1 with one line per violation)
       Scripts/check-layering.py --self-test    (checks that the check catches what it should)
"""
import argparse
import os
import re
import sys
import tempfile

SYSTEM_TARGETS = {"CEvdev", "CUdev", "CSystemd", "CSystemShims", "ForceSystem", "ForceDevices", "ForceBus"}

UNSAFE = re.compile(
    r"\b(Unsafe(?:Mutable)?(?:Raw)?(?:Buffer)?Pointer|withUnsafe\w*|OpaquePointer|Unmanaged|"
    r"unsafeBitCast|withMemoryRebound|assumingMemoryBound|bindMemory|unsafeAddress|unsafeMutableAddress)\b")

SYSTEM_CALLS = (
    "ioctl tcgetattr tcsetattr cfmakeraw tcflush signal sigaction sigprocmask pthread_sigmask "
    "sigemptyset sigaddset kill raise read write pread pwrite readv writev open openat creat close "
    "dup dup2 dup3 pipe pipe2 fcntl poll ppoll select epoll_create epoll_create1 epoll_ctl "
    "epoll_wait timerfd_create timerfd_settime timerfd_gettime signalfd eventfd inotify_init "
    "inotify_init1 inotify_add_watch isatty ttyname fork vfork execv execve execvp waitpid wait "
    "posix_spawn posix_spawnp mmap munmap mprotect usleep nanosleep sleep fsync fdatasync "
    "ftruncate truncate unlink unlinkat rename renameat mkdir rmdir stat fstat lstat access "
    "chmod fchmod chown umask socket bind listen accept connect sendmsg recvmsg getpid getuid "
    "setsid prctl sysconf geteuid getegid setuid seteuid").split()
SYSTEM_CALL = re.compile(r"(?<![\w.])(?:Glibc\.)?(" + "|".join(SYSTEM_CALLS) + r")\s*\(")
DECLARATION = re.compile(r"\b(func|case|var|let)\s+$")

MATH = set(
    "sin cos tan asin acos atan atan2 sinh cosh tanh exp exp2 expm1 log log2 log10 log1p pow sqrt "
    "cbrt hypot fabs floor ceil round trunc fmod remainder copysign fmin fmax fma lround lrint "
    "sinf cosf tanf atan2f expf logf powf sqrtf floorf ceilf roundf".split())
QUALIFIED = re.compile(r"\bGlibc\.(\w+)")


def strip(text):
    """The text with comments and string literals blanked (line structure kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(" " * (j - i))
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def load_allowlist(root, problems):
    """The allowlisted files; a line without its reason (`PATH  # why`) or naming a file that is
    not there is a problem."""
    path = os.path.join(root, "Scripts", "layering-allowlist")
    allowed = set()
    if os.path.exists(path):
        with open(path) as f:
            for number, line in enumerate(f, 1):
                entry, _, reason = line.partition("#")
                entry = entry.strip()
                if not entry:
                    continue
                if not reason.strip():
                    problems.append(f"Scripts/layering-allowlist:{number}: {entry} needs a reason ('PATH  # why')")
                if not os.path.isfile(os.path.join(root, entry)):
                    problems.append(f"Scripts/layering-allowlist:{number}: {entry} does not exist")
                allowed.add(entry)
    return allowed


def check(root):
    sources = os.path.join(root, "Sources")
    problems = []
    allowed = load_allowlist(root, problems)
    used = set()
    for target in sorted(os.listdir(sources)):
        if target in SYSTEM_TARGETS:
            continue
        # A call to a method the target declares (`func read(`) is not a call into libc; libc's own
        # function of that name is then caught when qualified (`Glibc.read(`).
        declared = set()
        for folder, _, files in os.walk(os.path.join(sources, target)):
            for name in files:
                if name.endswith(".swift"):
                    with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as f:
                        declared.update(re.findall(r"\bfunc\s+(\w+)", strip(f.read())))
        for folder, _, files in os.walk(os.path.join(sources, target)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                relative = os.path.relpath(path, root)
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = strip(f.read())
                for number, line in enumerate(text.split("\n"), 1):
                    for match in SYSTEM_CALL.finditer(line):
                        if DECLARATION.search(line[: match.start()]):
                            continue
                        if match.group(1) in declared and not match.group(0).startswith("Glibc."):
                            continue
                        problems.append(f"{relative}:{number}: system call {match.group(1)}() outside the device layer")
                    for match in QUALIFIED.finditer(line):
                        if match.group(1) not in MATH and match.group(1) not in SYSTEM_CALLS:
                            problems.append(f"{relative}:{number}: Glibc.{match.group(1)} outside the device layer (pure targets use libc's math only)")
                    for match in UNSAFE.finditer(line):
                        if relative in allowed:
                            used.add(relative)
                        else:
                            problems.append(f"{relative}:{number}: unsafe {match.group(1)} outside the device layer and the named types of Scripts/layering-allowlist")
    for entry in sorted(allowed - used):
        if os.path.isfile(os.path.join(root, entry)):
            problems.append(f"Scripts/layering-allowlist: {entry} holds no unsafe code any more: remove it from the list")
    return problems


def self_test():
    with tempfile.TemporaryDirectory() as root:
        def write(path, text):
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(text)
        write("Scripts/layering-allowlist",
              "# comment\nSources/Pure/Storage.swift  # the named type\nSources/Pure/Gone.swift  # was here\n"
              "Sources/Pure/Clean.swift  # no unsafe code\nSources/Pure/Methods.swift\n")
        write("Sources/ForceDevices/Device.swift", "let fd = open(path, O_RDONLY)\nlet p: UnsafeMutablePointer<Int32>\n")
        write("Sources/Pure/Clean.swift",
              "import Glibc\nlet a = sqrt(2.0) + Glibc.atan2(1, 2)\nfunc read() {}\n// ioctl(fd, 0)\nlet s = \"kill(1)\"\nx.write(bytes)\n")
        write("Sources/Pure/Storage.swift", "let slots: UnsafeMutableBufferPointer<Int>\n")
        write("Sources/Pure/Methods.swift", "struct W { func open(_ s: String) {}\n func go() { open(\"svg\") } }\n")
        write("Sources/Pure/Bad.swift",
              "let r = ioctl(fd, 1)\n_ = Glibc.write(1, p, 2)\nlet q: UnsafeRawPointer? = nil\ntcsetattr(0, 0, &mode)\nlet e = Glibc.strerror(2)\n"
              "let root = geteuid() == 0\nbuffer.withUnsafeBytes { _ in }\n")
        problems = check(root)
        expected = [
            "Sources/Pure/Bad.swift:1: system call ioctl()",
            "Sources/Pure/Bad.swift:2: system call write()",
            "Sources/Pure/Bad.swift:3: unsafe UnsafeRawPointer",
            "Sources/Pure/Bad.swift:4: system call tcsetattr()",
            "Sources/Pure/Bad.swift:5: Glibc.strerror",
            "Sources/Pure/Bad.swift:6: system call geteuid()",
            "Sources/Pure/Bad.swift:7: unsafe withUnsafeBytes",
            "Scripts/layering-allowlist:3: Sources/Pure/Gone.swift does not exist",
            "Scripts/layering-allowlist:5: Sources/Pure/Methods.swift needs a reason",
            "Scripts/layering-allowlist: Sources/Pure/Clean.swift holds no unsafe code",
            "Scripts/layering-allowlist: Sources/Pure/Methods.swift holds no unsafe code",
        ]
        missing = [e for e in expected if not any(p.startswith(e) for p in problems)]
        extra = [p for p in problems if not any(p.startswith(e) for e in expected)]
        if missing or extra:
            for line in missing:
                print(f"check-layering self-test: missed {line}", file=sys.stderr)
            for line in extra:
                print(f"check-layering self-test: wrongly flagged {line}", file=sys.stderr)
            return 1
        print(f"check-layering self-test: {len(expected)} violations caught, clean and allowed files passed")
        return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--self-test", action="store_true")
    arguments = parser.parse_args()
    if arguments.self_test:
        return self_test()
    problems = check(os.path.abspath(arguments.root))
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-layering: {len(problems)} violation(s); see docs/architecture.md", file=sys.stderr)
        return 1
    print("check-layering: system calls and unsafe pointers only where docs/architecture.md allows them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
