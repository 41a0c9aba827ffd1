#!/usr/bin/python3
"""Generate the multi-format test fixtures of Tests/ForceRecordingTests/Fixtures from shipped
recordings: the same session as evemu (a copy), as `libinput record` YAML and as an evtest log,
each laid out the way its tool prints it, with the quirks found in real bug reports.

Needs Debian's python3-evdev (kernel names), so run it with /usr/bin/python3 from the repository
root:  /usr/bin/python3 Scripts/generate-format-fixtures.py
The output is deterministic: regenerating must not change committed files.
"""
import os
import shutil

import evdev.ecodes as ecodes

FIXTURES = "Tests/ForceRecordingTests/Fixtures"
EV_SYN, EV_KEY, EV_ABS, EV_MSC, EV_LED, EV_REP = 0, 1, 3, 4, 0x11, 0x14
SYN_REPORT, SYN_MT_REPORT = 0, 2
MSC_SCAN, MSC_RAW = 4, 3
ABS_MT_SLOT, ABS_MT_TRACKING_ID = 0x2f, 0x39
ABS_NAMES = ["Value", "Min", "Max", "Fuzz", "Flat", "Resolution"]


class Device:
    def __init__(self, name, ident, properties, codes, absinfo):
        self.name, self.id, self.properties, self.codes, self.absinfo = name, ident, properties, codes, absinfo


def read_evemu(path):
    name, ident, props, masks, absinfo, events = "", (0, 0, 0, 0), [], {}, {}, []
    for line in open(path):
        line = line.split("#", 1)[0].strip() if not line.startswith("N:") else line.strip()
        if not line:
            continue
        kind, rest = line[:2], line[2:].split()
        if kind == "N:":
            name = line[2:].strip()
        elif kind == "I:":
            ident = tuple(int(x, 16) for x in rest)
        elif kind == "P:":
            props += [int(x, 16) for x in rest]
        elif kind == "B:":
            masks.setdefault(int(rest[0], 16), []).extend(int(x, 16) for x in rest[1:])
        elif kind == "A:":
            absinfo[int(rest[0], 16)] = [int(x) for x in rest[1:]] + [0] * (6 - len(rest))
        elif kind == "E:":
            sec, usec = rest[0].split(".")
            events.append((int(sec), int(usec), int(rest[1], 16), int(rest[2], 16), int(rest[3])))
    bits = lambda data: [i * 8 + b for i, byte in enumerate(data) for b in range(8) if byte >> b & 1]
    codes = {t: ([] if t == EV_SYN else bits(masks.get(t, []))) for t in bits(masks.get(0, []))}
    codes.setdefault(EV_SYN, [])
    return Device(name, ident, bits(props), codes, absinfo), events


def type_name(t):
    return ecodes.EV.get(t, "?")


def code_name(t, c):
    table = {EV_SYN: ecodes.SYN, EV_KEY: {**ecodes.KEY, **ecodes.BTN}, EV_ABS: ecodes.ABS, EV_MSC: ecodes.MSC,
             EV_LED: ecodes.LED, EV_REP: ecodes.REP}.get(t, {})
    name = table.get(c, "?")
    return name[0] if isinstance(name, list) else name


def frames(events):
    frame = []
    for event in events:
        frame.append(event)
        if event[2] == EV_SYN and event[3] == SYN_REPORT:
            yield frame
            frame = []
    if frame:
        yield frame


# ---------------------------------------------------------------------------------------------
# libinput record


def libinput_device(out, node, device, events, origin, extras=True):
    """One `devices:` entry laid out as libinput record prints it (list items at column 0)."""
    out.append(f"- node: {node}")
    out.append("  evdev:")
    out.append(f"    # Name: {device.name}")
    bus, vendor, product, version = device.id
    out.append(f"    # ID: bus 0x{bus:04x} vendor 0x{vendor:04x} product 0x{product:04x} version 0x{version:04x}")
    out.append("    # Supported Events:")
    for t in sorted(device.codes):
        out.append(f"    # Event type {t} ({type_name(t)})")
        for c in device.codes[t]:
            out.append(f"    #   Event code {c} ({code_name(t, c)})")
            if t == EV_ABS:
                for label, value in zip(ABS_NAMES[1:], device.absinfo[c][:5]):
                    out.append(f"    #       {label:<10} {value:6d}")
    out.append("    # Properties:")
    for p in device.properties:
        out.append(f"    #    Property {p} ({ecodes.INPUT_PROP.get(p, '?')})")
    out.append(f'    name: "{device.name}"')
    out.append(f"    id: [{bus}, {vendor}, {product}, {version}]")
    out.append("    codes:")
    for t in sorted(device.codes):
        listed = list(range(16)) if t == EV_SYN else device.codes[t]
        out.append(f"      {t}: [{', '.join(map(str, listed))}] # {type_name(t)}")
    if EV_ABS in device.codes:
        out.append("    absinfo:")
        for c in device.codes[EV_ABS]:
            out.append(f"      {c}: [{', '.join(map(str, device.absinfo[c][:5]))}]")
    out.append(f"    properties: [{', '.join(map(str, device.properties))}]")
    if extras:
        out.append("  hid: [0x05, 0x0d, 0x09, 0x04, 0xa1, 0x01]")
        out.append("  udev:")
        out.append("    properties:")
        out.append("    - ID_INPUT=1")
        out.append("    - ID_INPUT_TOUCHSCREEN=1" if EV_ABS in device.codes else "    - ID_INPUT_KEYBOARD=1")
        out.append("    virtual: false")
        out.append("  quirks:")
        out.append("  - AttrPalmPressureThreshold=150")
    out.append("  events:")
    touching = 0
    for index, frame in enumerate(frames(events)):
        out.append("  - evdev:")
        for sec, usec, t, c, v in frame:
            micros = sec * 1_000_000 + usec - origin
            sec, usec = divmod(micros, 1_000_000)
            if t == EV_SYN:
                desc = f"------------ {code_name(t, c)} ({v}) ---------- +0ms"
            else:
                desc = f"{type_name(t)} / {code_name(t, c):<20} {v:6d}"
            out.append(f"    - [{sec:3d}, {usec:6d}, {t:3d}, {c:3d}, {v:7d}] # {desc}")
            if t == EV_ABS and c == ABS_MT_TRACKING_ID:
                touching += 1 if v >= 0 else -1
        if touching == 0 and EV_ABS in device.codes and any(e[3] == ABS_MT_TRACKING_ID for e in frame):
            out.append("                                 # Touch device in neutral state")
        if extras and index == 2:
            out.append("  - libinput:")
            out.append("    - {time: 0.033333, type: TOUCH_DOWN, slot: 0, seat_slot: 0, point: [ 54.11, 94.38]}")
            out.append("  - hid:")
            out.append("      time: [  0,  33000]")
            out.append("      hidraw3: [0x02, 0x03, 0x01]")


def write_libinput(path, devices, extras=True):
    origin = min(events[0][0] * 1_000_000 + events[0][1] for _, _, events in devices if events)
    out = ["# libinput record", "version: 1", f"ndevices: {len(devices)}", "libinput:", '  version: "1.22.1"',
           '  git: "unknown"', "system:", '  os: "debian:12"', '  kernel: "6.1.0-13-amd64"',
           '  dmi: "dmi:bvnLENOVO:bvrN2HET60W:svnLENOVO:pn20QD:"']
    if extras:
        out.append("future_key: {added: later, ignored: true}")
    out.append("devices:")
    for node, device, events in devices:
        libinput_device(out, node, device, events, origin, extras)
    open(path, "w").write("\n".join(out) + "\n")


def keyboard():
    keys = list(range(1, 84))
    device = Device("AT Translated Set 2 keyboard", (0x11, 0x1, 0x1, 0xab41), [],
                    {EV_SYN: [], EV_KEY: keys, EV_MSC: [MSC_SCAN], EV_LED: [0, 1, 2], EV_REP: []}, {})
    events = []
    for index, at in enumerate([20_000, 120_000, 260_000, 380_000]):
        # Obfuscated as libinput record writes it without --show-keycodes: letters and digits
        # become KEY_A and scan codes KEY_A's. This keyboard lacks KEY_A (as a keypad would), so
        # the obfuscation shows: KEY_A events from a device that cannot send them.
        value = 1 - index % 2
        events += [(0, at, EV_MSC, MSC_SCAN, 30), (0, at, EV_KEY, 30, value), (0, at, EV_SYN, SYN_REPORT, 0)]
    device.codes[EV_KEY] = [k for k in keys if k != 30]
    return device, events


# ---------------------------------------------------------------------------------------------
# evtest


def write_evtest(path, device, events, base, pasted):
    out = []
    if pasted:
        out += ["$ sudo evtest", "No device specified, trying to scan all of /dev/input/event*",
                "Available devices:", "/dev/input/event0:\tPower Button",
                f"/dev/input/event5:\t{device.name}", "Select the device event number [0-5]: 5"]
    out.append("Input driver version is 1.0.1")
    bus, vendor, product, version = device.id
    out.append(f"Input device ID: bus 0x{bus:x} vendor 0x{vendor:x} product 0x{product:x} version 0x{version:x}")
    name_line = f'Input device name: "{device.name}"'
    if pasted:
        out.append(name_line + "Supported events:")  # glued by a careless paste
    else:
        out += [name_line, "Supported events:"]
    glued_axis = pasted
    for t in sorted(device.codes):
        out.append(f"  Event type {t} ({type_name(t)})")
        for c in device.codes[t]:
            row = f"    Event code {c} ({code_name(t, c)})"
            if t != EV_ABS:
                out.append(row)
                continue
            info = device.absinfo[c]
            value = 0
            rows = [f"      {label} {number:6d}" for k, (label, number) in enumerate(zip(ABS_NAMES, [value] + info[:5]))
                    if k < 3 or number]
            if glued_axis:
                out.append(row + rows[0].strip())
                glued_axis = False
                rows = rows[1:]
            else:
                out.append(row)
            out += rows
    out.append("Properties:")
    for p in device.properties:
        out.append(f"  Property type {p} ({ecodes.INPUT_PROP.get(p, '?')})")
    out.append("Testing ... (interrupt to exit)")
    origin = events[0][0] * 1_000_000 + events[0][1]
    lines = []
    for sec, usec, t, c, v in events:
        micros = base + sec * 1_000_000 + usec - origin
        stamp = f"Event: time {micros // 1_000_000}.{micros % 1_000_000:06d}, "
        if t == EV_SYN and c == SYN_MT_REPORT:
            lines.append(stamp + f"++++++++++++++ {code_name(t, c)} ++++++++++++")
        elif t == EV_SYN:
            lines.append(stamp + f"-------------- {code_name(t, c)} ------------")
        elif t == EV_MSC and c in (MSC_SCAN, MSC_RAW):
            lines.append(stamp + f"type {t} ({type_name(t)}), code {c} ({code_name(t, c)}), value {v & 0xffffffff:02x}")
        else:
            lines.append(stamp + f"type {t} ({type_name(t)}), code {c} ({code_name(t, c)}), value {v}")
    if pasted:
        # Two event lines glued, and a remark typed in the middle of the log.
        lines[5:7] = [lines[5] + lines[6]]
        lines.insert(40, "(here I pressed harder)")
        lines.append("^C")
        lines.append("Hope this helps!")
    out += lines
    open(path, "w").write("\n".join(out) + "\n")


def main():
    os.makedirs(FIXTURES, exist_ok=True)
    for name, wall_clock in [("touchscreen-cancel", True), ("stylus-commit", False)]:
        source = f"recordings/{name}.evemu"
        shutil.copyfile(source, f"{FIXTURES}/{name}.evemu")
        device, events = read_evemu(source)
        if wall_clock:
            board, keys = keyboard()
            write_libinput(f"{FIXTURES}/{name}.yml", [("/dev/input/event3", board, keys), ("/dev/input/event5", device, events)])
            write_evtest(f"{FIXTURES}/{name}.evtest", device, events, base=1_700_000_000_000_000, pasted=True)
        else:
            write_libinput(f"{FIXTURES}/{name}.yml", [("/dev/input/event12", device, events)], extras=False)
            write_evtest(f"{FIXTURES}/{name}.evtest", device, events, base=3_520_123_456, pasted=False)


if __name__ == "__main__":
    main()
