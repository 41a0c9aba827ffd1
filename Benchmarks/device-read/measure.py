"""Runs the device-read benchmark in the kernel guest (see Benchmarks/DEVICE-READ.md).

One uinput stream, several readers side by side: the writer (uinput-writer) creates the
device, every reader opens it, then the writer streams the events. Each reader's CPU time is
sampled from /proc just before the stream starts and once every reader is idle after it ends,
so process start-up (dynamic linking, Swift runtime, python imports) is not counted; the whole
run's CPU time (getrusage of the exited process) is printed as well.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_seconds(pid):
    """On-CPU time of every thread of pid (user + system), from /proc/PID/task/*/schedstat."""
    total = 0
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                    total += int(f.read().split()[0])
            except FileNotFoundError:
                pass
    except FileNotFoundError:
        return None
    return total / 1e9


def tick_seconds(pid):
    """utime + stime of pid from /proc/PID/stat (10 ms resolution), as a cross-check."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def has_open(pid, node):
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == node:
                    return True
            except OSError:
                pass
    except FileNotFoundError:
        pass
    return False


def wait_idle(readers, quiet=0.6, limit=120):
    """Waits until no reader used CPU for `quiet` seconds (they have read everything)."""
    deadline = time.monotonic() + limit
    last = {r["name"]: cpu_seconds(r["process"].pid) for r in readers}
    still = 0.0
    while time.monotonic() < deadline and still < quiet:
        time.sleep(0.2)
        now = {r["name"]: cpu_seconds(r["process"].pid) for r in readers}
        busy = any(now[n] is not None and last[n] is not None and now[n] - last[n] > 0.002 for n in now)
        still = 0.0 if busy else still + 0.2
        last = now
    return still >= quiet


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--rate", type=float, default=6_000, help="events per second")
    parser.add_argument("--burst", type=int, default=8, help="frames per writer wake-up")
    parser.add_argument("--bin", required=True, help="folder with uinput-writer and libevdev-reader")
    parser.add_argument("--forcebridge", required=True)
    parser.add_argument("--compare", action="append", default=[], metavar="LABEL=PATH",
                        help="also run another forcebridge build (both formats), e.g. before=old/forcebridge")
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()

    writer = subprocess.Popen([os.path.join(args.bin, "uinput-writer"), str(args.events), str(args.rate), str(args.burst)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    line = writer.stdout.readline().split()
    if len(line) != 2 or line[0] != "node":
        sys.exit(f"device-read: the writer did not create a device ({line})")
    node = line[1]
    while not os.path.exists(node):
        time.sleep(0.01)

    fb = args.forcebridge
    specs = [
        ("forcebridge monitor --format jsonl > /dev/null", [fb, "monitor", node, "--format", "jsonl"], subprocess.DEVNULL),
        ("forcebridge monitor --format summary", [fb, "monitor", node, "--format", "summary"], subprocess.PIPE),
        ("C libevdev loop", [os.path.join(args.bin, "libevdev-reader"), node], subprocess.PIPE),
        ("python-evdev loop", ["/usr/bin/python3", os.path.join(HERE, "evdev_reader.py"), node], subprocess.PIPE),
    ]
    for label, path in (entry.split("=", 1) for entry in args.compare):
        specs += [
            (f"forcebridge ({label}) monitor --format jsonl > /dev/null", [path, "monitor", node, "--format", "jsonl"], subprocess.DEVNULL),
            (f"forcebridge ({label}) monitor --format summary", [path, "monitor", node, "--format", "summary"], subprocess.PIPE),
        ]
    readers = []
    for name, command, stdout in specs:
        process = subprocess.Popen(command, stdout=stdout, stderr=subprocess.PIPE, text=True)
        readers.append({"name": name, "process": process})
    deadline = time.monotonic() + 60
    while not all(has_open(r["process"].pid, node) for r in readers):
        if time.monotonic() > deadline:
            sys.exit("device-read: not every reader opened " + node)
        for r in readers:
            if r["process"].poll() is not None:
                sys.exit(f"device-read: {r['name']} exited early: {r['process'].stderr.read()}")
        time.sleep(0.05)
    wait_idle(readers)  # each has finished starting up and waits in its read loop

    for r in readers:
        r["cpu0"], r["ticks0"] = cpu_seconds(r["process"].pid), tick_seconds(r["process"].pid)
    writer_cpu0 = cpu_seconds(writer.pid)
    started = time.monotonic()
    writer.stdin.write("go\n")
    writer.stdin.flush()
    done = writer.stdout.readline().split()
    streamed = time.monotonic() - started
    if len(done) != 3 or done[0] != "done":
        sys.exit(f"device-read: the writer failed ({done})")
    written, frames = int(done[1]), int(done[2])
    writer_cpu = cpu_seconds(writer.pid) - writer_cpu0
    if not wait_idle(readers):
        print("device-read: warning: readers still busy 120 s after the stream ended", file=sys.stderr)
    for r in readers:
        r["cpu"] = cpu_seconds(r["process"].pid) - r["cpu0"]
        r["ticks"] = tick_seconds(r["process"].pid) - r["ticks0"]

    # Remove the device: the C and python loops end; monitor keeps waiting for it, so stop it.
    writer.stdin.write("remove\n")
    writer.stdin.flush()
    writer.wait()
    time.sleep(1.0)
    for r in readers:
        if r["name"].startswith("forcebridge"):
            r["process"].send_signal(signal.SIGINT)
    for r in readers:
        process = r["process"]
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        r["total"] = usage.ru_utime + usage.ru_stime
        out = process.stdout.read() if process.stdout else ""
        r["stderr"] = process.stderr.read()
        r["events"], r["dropped"] = None, None
        for text in out.splitlines():
            if text.startswith("events "):
                fields = text.split()
                r["events"], r["dropped"] = int(fields[1]), int(fields[3])
            elif text.startswith("{"):
                summary = json.loads(text)
                if summary.get("type") == "summary":
                    r["events"] = summary["events"]

    c_loop = next(r for r in readers if r["name"].startswith("C "))
    print(f"stream: {written} events in {frames} frames written in {streamed:.1f} s "
          f"({written / streamed:.0f} events/s, {args.burst} frames per wake-up); writer CPU {writer_cpu:.2f} s")
    print(f"{'reader':48} {'events read':>12} {'SYN_DROPPED':>11} {'CPU s':>8} {'us/event':>9} {'x C':>6} {'whole run s':>11}")
    results = []
    for r in readers:
        per_event = r["cpu"] / written * 1e6
        ratio = r["cpu"] / c_loop["cpu"] if c_loop["cpu"] else float("nan")
        events = "n/a (stdout discarded)" if r["events"] is None else str(r["events"])
        dropped = "-" if r["dropped"] is None else str(r["dropped"])
        print(f"{r['name']:48} {events:>12} {dropped:>11} {r['cpu']:8.2f} {per_event:9.3f} {ratio:6.2f} {r['total']:11.2f}")
        if abs(r["ticks"] - r["cpu"]) > max(0.05, 0.1 * r["cpu"]):
            print(f"  note: utime+stime says {r['ticks']:.2f} s")
        if r["process"].returncode not in (0, -signal.SIGINT) or r["stderr"].strip():
            print(f"  exit {r['process'].returncode}: {r['stderr'].strip()[-400:]}")
        results.append({"reader": r["name"], "events": r["events"], "dropped": r["dropped"], "cpuSeconds": r["cpu"],
                        "microsecondsPerEvent": per_event, "ratioToC": ratio, "wholeRunCpuSeconds": r["total"]})
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"written": written, "frames": frames, "seconds": streamed, "rate": args.rate,
                       "burst": args.burst, "readers": results}, f, indent=2)


if __name__ == "__main__":
    main()
