#!/usr/bin/env python3
"""check-layering: fails when a target imports, calls or holds what docs/architecture.md does not
allow it.

- Imports: every `import` of a target must be declared for it in Package.swift, and, for the
  targets of docs/architecture.md's table, allowed by the table; every dependency Package.swift
  declares must be in the table too. Every target has a row, every row a target. No re-exports
  (`@_exported`), no Foundation (ICU) in the sources.
- The system layer (SYSTEM_TARGETS; the table says "yes" or "C" for them and only them) calls the
  kernel; within ForceSystem and ForceDevices only the syscall funnel (files under `Syscalls/`)
  does: the C library, the shims of CSystemShims, libevdev's kernel calls and swift-system's I/O.
- Every other target uses libc's math and nothing else of it, no swift-system I/O and no part of
  the funnel. A call `name(` counts as a call into libc unless a scope around it, or the type
  around it (with its extensions in the target), declares a function of that name: Swift's
  lookup then finds that function, never libc's.
- Unsafe pointers, `unowned(unsafe)` and `@exclusivity(unchecked)` only in the system layer and in
  the types Scripts/layering-allowlist names (`Target.Type  feature[,feature]  # why`).

Usage: Scripts/check-layering.py [--root DIR]   (exit 0 when clean, 1 with one line per violation)
       Scripts/check-layering.py --self-test    (checks that the check catches what it should)
"""
import argparse
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from layering_source import REEXPORT, SourceFile, architecture_table, package_targets, swift_files  # noqa: E402

SYSTEM_TARGETS = {"CEvdev", "CUdev", "CSystemd", "CSystemShims", "ForceSystem", "ForceDevices", "ForceBus"}
FUNNEL_TARGETS = {"ForceSystem", "ForceDevices"}
FUNNEL_FOLDER = "/Syscalls/"
PLATFORM_MODULES = {"Glibc", "Musl", "Darwin", "Synchronization", "FoundationEssentials", "Foundation", "FoundationXML",
                    "FoundationNetworking", "Dispatch", "Testing", "XCTest", "Swift", "_Concurrency"}
FOUNDATION = {"Foundation", "FoundationXML", "FoundationNetworking"}

FEATURES = {
    "unsafe-pointers": re.compile(
        r"\b(Unsafe(?:Mutable)?(?:Raw)?(?:Buffer)?Pointer|withUnsafe\w*|OpaquePointer|Unmanaged|unsafeBitCast|"
        r"withMemoryRebound|assumingMemoryBound|bindMemory|unsafeAddress|unsafeMutableAddress)\b"),
    "unowned-unsafe": re.compile(r"\bunowned\s*\(\s*unsafe\s*\)"),
    "exclusivity-unchecked": re.compile(r"@exclusivity\s*\(\s*unchecked\s*\)"),
}

LIBC_CALLS = set((
    "ioctl tcgetattr tcsetattr cfmakeraw tcflush signal sigaction sigprocmask pthread_sigmask sigemptyset sigfillset "
    "sigaddset kill raise read write pread pwrite readv writev open openat creat close dup dup2 dup3 pipe pipe2 fcntl "
    "lseek poll ppoll select epoll_create epoll_create1 epoll_ctl epoll_wait timerfd_create timerfd_settime "
    "timerfd_gettime signalfd eventfd inotify_init inotify_init1 inotify_add_watch isatty ttyname fork vfork execv "
    "execve execvp waitpid wait posix_spawn posix_spawnp mmap munmap mprotect usleep nanosleep sleep fsync fdatasync "
    "ftruncate truncate unlink unlinkat rename renameat mkdir rmdir mkdtemp mkstemp stat fstat lstat access chmod "
    "fchmod chown umask readlink realpath getcwd chdir opendir readdir closedir socket socketpair setsockopt bind "
    "listen accept connect send recv sendmsg recvmsg getpid getuid setsid prctl sysconf geteuid getegid setuid seteuid "
    "getenv setenv unsetenv putenv clearenv exit _exit abort atexit strerror perror clock_gettime gettimeofday time "
    "gethostname getpwuid getpwnam getgrgid getgrnam pthread_create pthread_join pthread_detach dlopen dlsym system "
    "popen pclose fopen fclose fread fwrite fputs fflush printf fprintf puts malloc free strdup").split())
LIBC_CALL = re.compile(r"(?<![\w.])(?:Glibc\.)?(" + "|".join(sorted(LIBC_CALLS)) + r")\s*\(")
QUALIFIED = re.compile(r"\bGlibc\.(\w+)")
MATH = set(
    "sin cos tan asin acos atan atan2 sinh cosh tanh exp exp2 expm1 log log2 log10 log1p pow sqrt cbrt hypot fabs "
    "floor ceil round trunc fmod remainder copysign fmin fmax fma lround lrint sinf cosf tanf atan2f expf logf powf "
    "sqrtf floorf ceilf roundf".split())
LIBEVDEV_IO = re.compile(
    r"\blibevdev_(?:new_from_fd|set_fd|change_fd|set_clock_id|next_event|has_event_pending|grab|kernel_set_\w+|"
    r"uinput_create_from_device|uinput_write_event|uinput_destroy)\s*\(")
SWIFT_SYSTEM_IO = re.compile(
    r"\bFileDescriptor\s*\.\s*(?:open|pipe)\s*\(|\bretryOnInterrupt\s*:|(?<![\w.])Stat\s*\(|\.\s*closeAfter\b|"
    r"\b(?:\w*[dD]escriptor|fd|FileDescriptor\s*\.\s*standard\w+)\s*\.\s*(?:read|write|writeAll|close|seek|duplicate|resize)\s*\(")
DECLARED_HERE = re.compile(r"\b(?:func|case|var|let|init)\s+$")
FUNNEL_NAME = re.compile(r"\b(SystemCall|SystemCallSeam|SystemCallTable|LinuxSystemCalls|EvdevCallTable|SpawnRequest)\b")


def shim_calls(root):
    """The functions of CSystemShims (calls into the kernel, whatever their name)."""
    path = os.path.join(root, "Sources", "CSystemShims", "shim.h")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        names = re.findall(r"static\s+inline\s+[\w\s\*]+?\b(\w+)\s*\(", f.read())
    return re.compile(r"(?<![\w.])(" + "|".join(names) + r")\s*\(") if names else None


def load_allowlist(root, problems):
    """(target, type) -> features, and the line of each entry."""
    path = os.path.join(root, "Scripts", "layering-allowlist")
    allowed, lines = {}, {}
    if not os.path.exists(path):
        return allowed, lines
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            entry, _, reason = line.partition("#")
            entry = entry.strip()
            if not entry:
                continue
            where = f"Scripts/layering-allowlist:{number}"
            match = re.fullmatch(r"(\w+)\.(\w+)\s+([\w,-]+)", entry)
            if not match:
                if "/" in entry or ".swift" in entry:
                    problems.append(f"{where}: {entry.split()[0]} names a file: name the type instead ('Target.Type  feature  # why')")
                else:
                    problems.append(f"{where}: expected 'Target.Type  feature[,feature]  # why', found '{entry}'")
                continue
            if not reason.strip():
                problems.append(f"{where}: {match.group(1)}.{match.group(2)} needs a reason ('Target.Type  feature  # why')")
            features = set(match.group(3).split(","))
            for unknown in sorted(features - set(FEATURES)):
                problems.append(f"{where}: unknown feature '{unknown}' (one of {', '.join(sorted(FEATURES))})")
            key = (match.group(1), match.group(2))
            allowed[key] = allowed.get(key, set()) | (features & set(FEATURES))
            lines[key] = where
    return allowed, lines


def linked_into(targets, executable):
    """The targets an executable links: its dependencies' closure among the package's targets."""
    linked, pending = set(), [executable]
    while pending:
        name = pending.pop()
        if name in linked or name not in targets:
            continue
        linked.add(name)
        pending.extend(targets[name][2])
    return linked


def check_imports(root, targets, table, problems):
    products = {dependency for _, _, dependencies in targets.values() for dependency in dependencies}
    # Without a `forcebridge` target (a fixture of the self-test), every target counts as linked.
    in_forcebridge = linked_into(targets, "forcebridge") if "forcebridge" in targets else set(targets)
    for name, (kind, folder, dependencies) in sorted(targets.items()):
        directory = os.path.join(root, folder)
        in_sources = folder.startswith("Sources/")
        if name in table:
            for dependency in sorted(dependencies - table[name][0]):
                problems.append(f"Package.swift: {name} depends on {dependency}, which docs/architecture.md's table does not list for it")
        elif in_sources:
            problems.append(f"docs/architecture.md: the table has no row for {name}")
        for path in swift_files(directory):
            source = SourceFile(root, path)
            for number, module in source.imports():
                if module == name:
                    continue
                if module in FOUNDATION and in_sources and name in in_forcebridge:
                    problems.append(f"{source.path}:{number}: imports {module} (ICU) into forcebridge; use FoundationEssentials")
                if module in PLATFORM_MODULES:
                    continue
                if module not in dependencies:
                    known = module in targets or module in products
                    problems.append(f"{source.path}:{number}: imports {module}, which Package.swift does not declare for {name}"
                                    + ("" if known else " (no such target or product either)"))
                if name in table and module not in table[name][0]:
                    problems.append(f"{source.path}:{number}: imports {module}, which docs/architecture.md's table does not allow {name}")
            for match in REEXPORT.finditer(source.text):
                number = source.text.count("\n", 0, match.start()) + 1
                problems.append(f"{source.path}:{number}: re-exports {match.group(1)} (@_exported): import what a file uses where it uses it")
    for name, (_, calls) in sorted(table.items()):
        if name not in targets:
            problems.append(f"docs/architecture.md: the table names {name}, which Package.swift does not define")
            continue
        system = calls.startswith("yes") or calls == "C"
        if system != (name in SYSTEM_TARGETS):
            problems.append(f"docs/architecture.md: the table says {name} {'may' if system else 'may not'} call the kernel; "
                            f"Scripts/check-layering.py's SYSTEM_TARGETS {'does not list' if system else 'lists'} it")


def shadowed(source, offset, name, type_functions):
    """Whether `name(` at `offset` finds a function of the file's own: declared in a scope around
    it (not at file level, where libc's overloads it), or in the type around it or its extensions."""
    for scope in source.scope_at(offset).chain():
        if scope.parent is None:
            return False
        if name in scope.functions:
            return True
        if scope.kind == "type" and name in type_functions.get(scope.name, ()):
            return True
    return False


def calls_in(source, type_functions, shims):
    """Every kernel call of the file: (line, what)."""
    for index, line in enumerate(source.lines):
        for match in LIBC_CALL.finditer(line):
            if DECLARED_HERE.search(line[:match.start()]):
                continue
            qualified = match.group(0).startswith("Glibc.")
            if not qualified and shadowed(source, source.offset(index, match.start()), match.group(1), type_functions):
                continue
            yield index + 1, f"system call {match.group(1)}()"
        for match in QUALIFIED.finditer(line):
            if match.group(1) not in MATH and match.group(1) not in LIBC_CALLS:
                yield index + 1, f"Glibc.{match.group(1)}"
        for pattern, what in ((shims, "shim call {}"), (LIBEVDEV_IO, "libevdev kernel call {}"), (SWIFT_SYSTEM_IO, "swift-system call {}")):
            for match in (pattern.finditer(line) if pattern else ()):
                yield index + 1, what.format(re.sub(r"\s+", "", match.group(0)).rstrip("(:{"))


def check_code(root, targets, problems):
    allowed, entry_lines = load_allowlist(root, problems)
    used, declared = set(), set()
    shims = shim_calls(root)
    for name, (_, folder, _) in sorted(targets.items()):
        if not folder.startswith("Sources/") or not os.path.isdir(os.path.join(root, folder)):
            continue
        sources = [SourceFile(root, path) for path in swift_files(os.path.join(root, folder))]
        type_functions = {}
        for source in sources:
            for scope in source.types():
                type_functions.setdefault(scope.name, set()).update(scope.functions)
                declared.add((name, scope.name))
        for source in sources:
            in_funnel = FUNNEL_FOLDER in "/" + source.path
            if name in SYSTEM_TARGETS:
                if name in FUNNEL_TARGETS and not in_funnel:
                    for number, what in calls_in(source, type_functions, shims):
                        problems.append(f"{source.path}:{number}: {what} outside the syscall funnel ({name}/Syscalls/)")
                continue
            for number, what in calls_in(source, type_functions, shims):
                problems.append(f"{source.path}:{number}: {what} outside the system layer (pure targets use libc's math only)")
            for index, line in enumerate(source.lines):
                for match in FUNNEL_NAME.finditer(line):
                    problems.append(f"{source.path}:{index + 1}: {match.group(1)} (the system layer's funnel) outside the system layer")
                for feature, pattern in FEATURES.items():
                    for match in pattern.finditer(line):
                        scope = source.scope_at(source.offset(index, match.start()))
                        owners = [(name, s.name) for s in scope.chain() if s.kind == "type" and feature in allowed.get((name, s.name), ())]
                        if owners:
                            used.add((owners[0], feature))
                        else:
                            problems.append(f"{source.path}:{index + 1}: {feature} ({match.group(0)}) outside the system layer "
                                            "and the types Scripts/layering-allowlist names for it")
    for key, features in sorted(allowed.items()):
        if key not in declared:
            problems.append(f"{entry_lines[key]}: {key[0]} declares no type {key[1]}")
            continue
        for feature in sorted(features):
            if (key, feature) not in used:
                problems.append(f"{entry_lines[key]}: {key[0]}.{key[1]} uses no {feature} any more: remove it from the list")


def check(root):
    problems = []
    targets = package_targets(root)
    check_imports(root, targets, architecture_table(root), problems)
    check_code(root, targets, problems)
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--self-test", action="store_true")
    arguments = parser.parse_args()
    if arguments.self_test:
        from layering_selftest import self_test
        return self_test(check)
    problems = check(os.path.abspath(arguments.root))
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-layering: {len(problems)} violation(s); see docs/architecture.md", file=sys.stderr)
        return 1
    print("check-layering: imports, system calls and unsafe code only where docs/architecture.md and Package.swift allow them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
