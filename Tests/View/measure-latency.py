#!/usr/bin/env python3
"""Measures the view's frame latency: from the moment a replayed frame is due (the replay's
clock: the session's start, which forcebridge-view logs at info level on CLOCK_MONOTONIC, plus
the frame's recorded `time`) to the moment its first line arrives at a WebSocket client
(ws_lines.py, on the same clock). Prints p50, p99 and the maximum in milliseconds.

    measure-latency.py [--binary .build/release/forcebridge-view] [--recording FILE] [--runs N]
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent


def run_once(binary, recording):
    view = subprocess.Popen([binary, "--replay", recording, "--speed", "realtime", "--no-open", "--log-level", "info"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = re.match(r"forcebridge view: (\S+)", view.stdout.readline()).group(1)
        client = subprocess.run([sys.executable, str(ROOT / "Tests/View/ws_lines.py"), url, "--times", "--seconds", "60"],
                                capture_output=True, text=True, check=True)
    finally:
        view.terminate()
        _, errors = view.communicate(timeout=10)
    start = int(re.search(r"session started monotonicMicroseconds=(\d+)", errors).group(1)) / 1e6
    latencies = []
    seen = set()
    for row in client.stdout.splitlines():
        arrival, text = row.split(" ", 1)
        line = json.loads(text)
        if line.get("type") != "touch" or line["time"] in seen:
            continue
        seen.add(line["time"])   # one per frame: the frame's first line
        latencies.append((float(arrival) - (start + line["time"])) * 1000)
    return latencies


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build/release/forcebridge-view"))
    parser.add_argument("--recording", default="recordings/stylus-commit.evemu")
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    latencies = []
    for _ in range(options.runs):
        latencies += run_once(options.binary, options.recording)
    print(f"{len(latencies)} frames over {options.runs} runs of {options.recording}: "
          f"p50 {percentile(latencies, 0.5):.3f} ms, p99 {percentile(latencies, 0.99):.3f} ms, "
          f"max {max(latencies):.3f} ms, min {min(latencies):.3f} ms")


if __name__ == "__main__":
    main()
