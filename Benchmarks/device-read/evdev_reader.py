"""The python-evdev read loop of Benchmarks/device-read.sh.

Reads every event of NODE with python-evdev's read_loop() until the device goes away, counting
events and SYN_DROPPED markers, and prints "events N dropped D".
"""
import errno
import sys

import evdev

SYN_DROPPED = evdev.ecodes.SYN_DROPPED

device = evdev.InputDevice(sys.argv[1])
events = dropped = 0
try:
    for event in device.read_loop():
        if event.type == 0 and event.code == SYN_DROPPED:
            dropped += 1
        else:
            events += 1
except OSError as error:
    if error.errno != errno.ENODEV:
        raise
print(f"events {events} dropped {dropped}", flush=True)
