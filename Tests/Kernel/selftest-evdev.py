#!/usr/bin/python3
"""Kernel facts the ForceBridge guest tests rely on, checked with python3-evdev.

Runs inside the guest (Tests/Kernel/selftest starts it through guest-run) with
Debian's /usr/bin/python3. Each check prints "ok ..." or "FAIL ..."; the exit
status is the number of failures. Modes:

  selftest-evdev.py            all checks below except the slow one
  selftest-evdev.py slow       all checks, including a 30 s FF close probe
  selftest-evdev.py hold SECS  create the touchscreen, print its event node,
                               emit one touch frame per 0.2 s for SECS seconds
                               (for evemu-describe / evemu-record).
"""

import fcntl
import os
import select
import struct
import sys
import threading
import time

import evdev
from evdev import AbsInfo, InputDevice, UInput, ecodes as e

FAILURES = 0


def ok(msg):
    print(f"ok   {msg}", flush=True)


def fail(msg):
    global FAILURES
    FAILURES += 1
    print(f"FAIL {msg}", flush=True)


def touchscreen(name="forcebridge-selftest-touch", slots=10):
    """A direct-touch MT device with pressure, like the ones ForceBridge makes."""
    caps = {
        e.EV_KEY: [e.BTN_TOUCH],
        e.EV_ABS: [
            (e.ABS_X, AbsInfo(0, 0, 4095, 0, 0, 0)),
            (e.ABS_Y, AbsInfo(0, 0, 4095, 0, 0, 0)),
            (e.ABS_PRESSURE, AbsInfo(0, 0, 255, 0, 0, 0)),
            (e.ABS_MT_SLOT, AbsInfo(0, 0, slots - 1, 0, 0, 0)),
            (e.ABS_MT_TRACKING_ID, AbsInfo(0, 0, 65535, 0, 0, 0)),
            (e.ABS_MT_POSITION_X, AbsInfo(0, 0, 4095, 0, 0, 0)),
            (e.ABS_MT_POSITION_Y, AbsInfo(0, 0, 4095, 0, 0, 0)),
            (e.ABS_MT_PRESSURE, AbsInfo(0, 0, 255, 0, 0, 0)),
        ],
        e.EV_MSC: [e.MSC_SCAN],
    }
    return UInput(caps, name=name, input_props=[e.INPUT_PROP_DIRECT])


def touch_frame(ui, x, y, pressure, tracking_id=1):
    ui.write(e.EV_ABS, e.ABS_MT_SLOT, 0)
    ui.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, tracking_id)
    ui.write(e.EV_ABS, e.ABS_MT_POSITION_X, x)
    ui.write(e.EV_ABS, e.ABS_MT_POSITION_Y, y)
    ui.write(e.EV_ABS, e.ABS_MT_PRESSURE, pressure)
    ui.write(e.EV_KEY, e.BTN_TOUCH, 1)
    ui.write(e.EV_ABS, e.ABS_X, x)
    ui.write(e.EV_ABS, e.ABS_Y, y)
    ui.write(e.EV_ABS, e.ABS_PRESSURE, pressure)
    ui.syn()


def drain(dev, timeout=0.5):
    """All events readable from dev until it stays quiet for `timeout` s."""
    out = []
    while select.select([dev.fd], [], [], timeout)[0]:
        try:
            out.extend(dev.read())
        except BlockingIOError:
            break
    return out


def check_touchscreen():
    with touchscreen() as ui:
        dev = ui.device
        ok(f"uinput MT touchscreen at {dev.path} ({dev.name!r})")
        props = dev.input_props()
        if e.INPUT_PROP_DIRECT in props:
            ok("INPUT_PROP_DIRECT set")
        else:
            fail(f"INPUT_PROP_DIRECT missing: {props}")
        slot = dev.absinfo(e.ABS_MT_SLOT)
        ok(f"ABS_MT_SLOT range {slot.min}..{slot.max}")

        touch_frame(ui, 100, 200, 77)
        events = drain(dev)
        seen = {(ev.type, ev.code): ev.value for ev in events}
        print("     events read back:", ", ".join(
            f"{e.EV[ev.type]}/{ev.code}={ev.value}" for ev in events))
        if seen.get((e.EV_ABS, e.ABS_MT_PRESSURE)) == 77 and seen.get((e.EV_ABS, e.ABS_MT_POSITION_Y)) == 200:
            ok("ABS_MT_PRESSURE and positions read back from the event node")
        else:
            fail(f"touch frame not read back: {seen}")
        if events and events[-1].type == e.EV_SYN and events[-1].code == e.SYN_REPORT:
            ok("frame ends with SYN_REPORT")
        else:
            fail("frame does not end with SYN_REPORT")


def check_slot_limit():
    """The largest ABS_MT_SLOT maximum uinput accepts (kernel limit)."""
    def works(n):
        try:
            caps = {e.EV_ABS: [(e.ABS_MT_SLOT, AbsInfo(0, 0, n, 0, 0, 0)),
                               (e.ABS_MT_TRACKING_ID, AbsInfo(0, 0, 65535, 0, 0, 0))]}
            UInput(caps, name="forcebridge-selftest-slots").close()
            return True
        except OSError:
            return False
    lo, hi = 0, 1024  # works(lo), and search below hi
    if works(hi):
        ok(f"ABS_MT_SLOT maximum {hi} accepted")
        return
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if works(mid) else (lo, mid)
    ok(f"largest accepted ABS_MT_SLOT maximum: {lo} ({lo + 1} slots); {hi} is rejected")


def buffer_capacity(make_device):
    """How many events an evdev client of a fresh device holds before
    SYN_DROPPED: the largest number written unread without a drop (+1 is
    the kernel's buffer size). Uses MSC_SCAN + SYN_REPORT frames (never
    filtered as duplicates)."""
    with make_device() as ui:
        def dropped(frames):
            dev = InputDevice(ui.device.path)  # a new client: empty buffer
            try:
                for i in range(frames):
                    ui.write(e.EV_MSC, e.MSC_SCAN, i)
                    ui.syn()
                return any(ev.type == e.EV_SYN and ev.code == e.SYN_DROPPED for ev in drain(dev, 0.1))
            finally:
                dev.close()
        lo, hi = 1, 1
        while not dropped(hi):
            lo, hi = hi, hi * 2
        while hi - lo > 1:
            mid = (lo + hi) // 2
            lo, hi = (mid, hi) if not dropped(mid) else (lo, mid)
        return lo, hi


def check_syn_dropped():
    def plain():
        return UInput({e.EV_KEY: [e.KEY_A], e.EV_MSC: [e.MSC_SCAN]}, name="forcebridge-selftest-plain")
    for label, make in (("plain key device", plain), ("10-slot touchscreen", touchscreen)):
        lo, hi = buffer_capacity(make)
        ok(f"SYN_DROPPED for a {label}: {lo} two-event frames ({2 * lo} events) fit, "
           f"{hi} frames ({2 * hi} events) overflow -> evdev buffer {2 * hi} events")


# Raw ioctl numbers (_IOC(dir, type, nr, size) = dir<<30 | size<<16 | type<<8 | nr).
# struct ff_effect is 48 bytes on x86_64: type, id, direction, trigger,
# replay, 2 bytes padding, a 32-byte union at offset 16. struct
# uinput_ff_upload: u32 request_id, s32 retval, effect at 8, old at 56 (104
# bytes); struct uinput_ff_erase: request_id, retval, effect_id (12 bytes).
EVIOCSFF = (1 << 30) | (48 << 16) | (ord("E") << 8) | 0x80
EVIOCRMFF = (1 << 30) | (4 << 16) | (ord("E") << 8) | 0x81
UI_BEGIN_FF_UPLOAD = (3 << 30) | (104 << 16) | (ord("U") << 8) | 200
UI_END_FF_UPLOAD = (1 << 30) | (104 << 16) | (ord("U") << 8) | 201
UI_BEGIN_FF_ERASE = (3 << 30) | (12 << 16) | (ord("U") << 8) | 202
UI_END_FF_ERASE = (1 << 30) | (12 << 16) | (ord("U") << 8) | 203


class FFServer(threading.Thread):
    """The uinput side of force feedback: answers UI_FF_UPLOAD and
    UI_FF_ERASE requests and records EV_FF play events. Uses raw ioctls:
    python3-evdev 1.6.1's begin_upload() never sets request_id."""

    def __init__(self, ui):
        super().__init__(daemon=True)
        self.ui, self.log, self.running = ui, [], True

    def run(self):
        while self.running:
            if not select.select([self.ui.fd], [], [], 0.05)[0]:
                continue
            for ev in self.ui.read():
                if ev.type == e.EV_UINPUT and ev.code == e.UI_FF_UPLOAD:
                    buf = bytearray(104)
                    struct.pack_into("=I", buf, 0, ev.value)
                    fcntl.ioctl(self.ui.fd, UI_BEGIN_FF_UPLOAD, buf)
                    self.log.append(("upload",) + struct.unpack_from("=Hh", buf, 8)
                                    + struct.unpack_from("=H", buf, 8 + 16))
                    struct.pack_into("=i", buf, 4, 0)  # retval 0: accepted
                    fcntl.ioctl(self.ui.fd, UI_END_FF_UPLOAD, bytes(buf))
                elif ev.type == e.EV_UINPUT and ev.code == e.UI_FF_ERASE:
                    buf = bytearray(12)
                    struct.pack_into("=I", buf, 0, ev.value)
                    fcntl.ioctl(self.ui.fd, UI_BEGIN_FF_ERASE, buf)
                    self.log.append(("erase", struct.unpack_from("=I", buf, 8)[0]))
                    struct.pack_into("=i", buf, 4, 0)
                    fcntl.ioctl(self.ui.fd, UI_END_FF_ERASE, bytes(buf))
                elif ev.type == e.EV_FF:
                    self.log.append(("play", ev.code, ev.value))

    def stop(self):
        self.running = False
        self.join()


def rumble_effect(strong, weak, length_ms=500):
    effect = bytearray(48)
    struct.pack_into("=HhHHHHH", effect, 0, e.FF_RUMBLE, -1, 0, 0, 0, length_ms, 0)
    struct.pack_into("=HH", effect, 16, strong, weak)
    return effect


def check_ff():
    """uinput force feedback: EVIOCSFF / EV_FF play / EVIOCRMFF from an evdev
    client arrive on the uinput fd (UI_FF_UPLOAD, EV_FF, UI_FF_ERASE)."""
    caps = {e.EV_KEY: [e.BTN_A], e.EV_FF: [e.FF_RUMBLE, e.FF_PERIODIC, e.FF_SINE, e.FF_GAIN]}
    try:
        ui = UInput(caps, name="forcebridge-selftest-ff")
    except OSError as err:
        fail(f"cannot create a uinput device with EV_FF: {err}")
        return
    with ui:
        server = FFServer(ui)
        server.start()
        dev = InputDevice(ui.device.path)
        ok(f"uinput device with EV_FF: max effects {dev.ff_effects_count}")
        effect = rumble_effect(0x8000, 0x4000)
        # fcntl.ioctl releases the GIL while the kernel waits for the uinput
        # side (python3-evdev's upload_effect() holds it: a deadlock here).
        fcntl.ioctl(dev.fd, EVIOCSFF, effect)
        effect_id, = struct.unpack_from("=h", effect, 2)
        dev.write(e.EV_FF, effect_id, 1)  # play once
        time.sleep(0.2)
        fcntl.ioctl(dev.fd, EVIOCRMFF, effect_id)
        time.sleep(0.2)
        dev.close()
        server.stop()
        # The kernel stops an effect (EV_FF value 0) before erasing it.
        want = [("upload", e.FF_RUMBLE, effect_id, 0x8000), ("play", effect_id, 1),
                ("play", effect_id, 0), ("erase", effect_id)]
        if server.log == want:
            ok(f"FF upload, play, stop, erase round trip: {server.log}")
        else:
            fail(f"FF round trip: uinput side saw {server.log}, wanted {want}")


def check_ff_unserved_close():
    """Slow (30 s): what happens when nobody serves the uinput side."""
    caps = {e.EV_KEY: [e.BTN_A], e.EV_FF: [e.FF_RUMBLE]}
    with UInput(caps, name="forcebridge-selftest-ff") as ui:
        # Nobody serving the uinput side: closing an evdev client that still
        # owns an effect makes the kernel erase it through uinput, which
        # waits (30 s in uinput.c) for an answer that never comes.
        server = FFServer(ui)
        server.start()
        dev = InputDevice(ui.device.path)
        fcntl.ioctl(dev.fd, EVIOCSFF, rumble_effect(1, 1))
        server.stop()
        started = time.monotonic()
        dev.close()
        blocked = time.monotonic() - started
        ok(f"closing a client that owns an effect, uinput side not serving: close() blocked {blocked:.1f} s")


def drain_uinput(ui, timeout=0.5):
    out = []
    while select.select([ui.fd], [], [], timeout)[0]:
        try:
            out.extend(ui.read())
        except BlockingIOError:
            break
    return out


def hold(seconds):
    with touchscreen() as ui:
        print(ui.device.path, flush=True)
        end = time.time() + seconds
        i = 0
        while time.time() < end:
            touch_frame(ui, 100 + i, 200 + i, 50 + i % 100)
            i += 1
            time.sleep(0.2)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "hold":
        hold(float(sys.argv[2]))
        return 0
    slow = len(sys.argv) > 1 and sys.argv[1] == "slow"
    if not os.path.exists("/dev/uinput"):
        fail("/dev/uinput missing")
        return FAILURES
    print(f"kernel {os.uname().release}, python-evdev at {os.path.dirname(evdev.__file__)}")
    check_touchscreen()
    check_slot_limit()
    check_ff()
    if slow:
        check_ff_unserved_close()
    check_syn_dropped()
    return FAILURES


if __name__ == "__main__":
    sys.exit(main())
