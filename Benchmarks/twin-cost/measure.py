"""Runs the twin-cost benchmark in the kernel guest (see Benchmarks/TWIN-COST.md).

Two identical pens, one stream written into both. Pen A is twinned by `forcebridge twin`; a C
libevdev reader reads A's twin, another reads pen B directly (the floor: what a reader pays
without a twin). Both readers measure, per frame, the time from the writer's write() to having
the frame. The twin's CPU time (all threads, /proc/PID/task/*/schedstat) and its heap
allocations (alloc-count.so, LD_PRELOADed) are sampled when everything is idle just before the
stream and again after it, so start-up is not counted.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "device-read"))
from measure import cpu_seconds, has_open, wait_idle  # noqa: E402  (the device-read benchmark's helpers)


def allocations(path):
    with open(path, "rb") as f:
        return int.from_bytes(f.read(8), "little")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, required=True)
    parser.add_argument("--rate", type=float, required=True)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--forcebridge", required=True)
    parser.add_argument("--json")
    args = parser.parse_args()

    writer = subprocess.Popen([f"{args.bin}/pen-writer", str(args.frames), str(args.rate)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    nodes = dict(writer.stdout.readline().split() for _ in range(2))
    counter = f"/tmp/twin-alloc-{os.getpid()}.bin"
    environment = dict(os.environ, LD_PRELOAD=f"{args.bin}/alloc-count.so", ALLOC_COUNT_FILE=counter)
    twin = subprocess.Popen([args.forcebridge, "twin", nodes["A"], "--curve", "0.2,0.1,0.8,0.9", "--tip", "3%", "--full", "85%"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
    started = twin.stdout.readline()
    if " as /dev/input/event" not in started:
        sys.exit(f"twin-cost: the twin did not start: {started}{twin.stderr.read()}")
    twin_node = "/dev/input/event" + started.split(" as /dev/input/event", 1)[1].split(":", 1)[0]
    print(f"pen A {nodes['A']} -> twin {twin_node}; pen B {nodes['B']} (the floor)", flush=True)

    readers = [
        {"name": "through the twin", "node": twin_node},
        {"name": "floor (pen B)", "node": nodes["B"]},
    ]
    for reader in readers:
        reader["process"] = subprocess.Popen([f"{args.bin}/latency-reader", reader["node"], str(args.frames + 16)],
                                             stdout=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not all(has_open(r["process"].pid, r["node"]) for r in readers):
        if time.monotonic() > deadline:
            sys.exit("twin-cost: the readers never opened their nodes")
        time.sleep(0.05)
    everyone = readers + [{"name": "twin", "process": twin}]
    wait_idle(everyone)
    before = {r["name"]: cpu_seconds(r["process"].pid) for r in everyone}
    allocated_before = allocations(counter)

    writer.stdin.write("go\n")
    writer.stdin.flush()
    if writer.stdout.readline().strip() != "done":
        sys.exit("twin-cost: the writer stopped")
    wait_idle(everyone)
    after = {r["name"]: cpu_seconds(r["process"].pid) for r in everyone}
    allocated = allocations(counter) - allocated_before

    twin.send_signal(signal.SIGTERM)
    twin_output, _ = twin.communicate(timeout=60)
    writer.stdin.close()
    writer.wait(timeout=60)
    results = {"frames": args.frames, "rate": args.rate, "readers": {}}
    for reader in readers:
        words = reader["process"].communicate(timeout=60)[0].split()
        figures = dict(zip(words[0::2], map(int, words[1::2])))
        figures["cpu_us_per_frame"] = (after[reader["name"]] - before[reader["name"]]) * 1e6 / args.frames
        results["readers"][reader["name"]] = figures
    results["twin_cpu_us_per_frame"] = (after["twin"] - before["twin"]) * 1e6 / args.frames
    results["twin_allocations_during_stream"] = allocated
    through, floor = results["readers"]["through the twin"], results["readers"]["floor (pen B)"]
    results["added_p50_us"] = through["p50"] - floor["p50"]
    results["added_p99_us"] = through["p99"] - floor["p99"]

    print(f"{args.frames} frames at {args.rate:g}/s, one write() per frame per pen (guest microseconds, TCG)")
    print(f"{'reader':<20} {'frames':>7} {'dropped':>7} {'p50':>7} {'p99':>7} {'max':>7} {'CPU/frame':>10}")
    for name, figures in results["readers"].items():
        print(f"{name:<20} {figures['frames']:>7} {figures['dropped']:>7} {figures['p50']:>7} {figures['p99']:>7} "
              f"{figures['max']:>7} {figures['cpu_us_per_frame']:>10.1f}")
    print(f"added by the twin: p50 +{results['added_p50_us']} us, p99 +{results['added_p99_us']} us; "
          f"the twin process: {results['twin_cpu_us_per_frame']:.1f} us CPU per frame, "
          f"{allocated} heap allocations during the stream ({allocated / args.frames:.4f} per frame)")
    print(twin_output.strip().splitlines()[-1] if twin_output.strip() else "(the twin printed nothing at its end)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)
    ok = all(r["frames"] >= args.frames for r in results["readers"].values())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
