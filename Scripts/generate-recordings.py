#!/usr/bin/env python3
"""Generate ForceBridge's shipped recordings (recordings/*.evemu).

Each recording models a real device (ranges, resolutions, report rate and the events its kernel
driver sends) and a physical gesture: pressure follows smooth ramps with seeded sensor noise, and
like the kernel's input core, an axis value that did not change is not sent again. The output is
evemu 1.3 as evemu-record writes it, so the files also load in evemu-device and evemu-play.

The device and gesture model is in Scripts/recording_model.py, the devices in
Scripts/recording_devices.py.
Run from the repository root:  Scripts/generate-recordings.py
The output is deterministic: regenerating must not change committed files.
"""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
from recording_model import *  # noqa: E402 - event codes, Device, Recorder, keyframes, pen_frames, Finger, touchscreen
from recording_devices import *  # noqa: E402 - the modelled devices (INTUOS_PEN, ELAN_SCREEN, ...)
from recording_fling import fling  # noqa: E402 - the bounce page's fling

# ---------------------------------------------------------------------------------------------
# Recordings

def stylus_commit(path):
    """Wacom Intuos Pro pen: hover in, press on a cell, peek, lean into its upper half, commit."""
    rec = Recorder(INTUOS_PEN, 200, seed=1)
    pen_frames(
        rec, INTUOS_PEN, 2.2,
        path=lambda t: (keyframes([(0, 0.31), (0.30, 0.372), (2.2, 0.372)], t),
                        keyframes([(0, 0.61), (0.30, 0.505), (0.80, 0.500), (1.05, 0.425), (2.2, 0.425)], t)),
        pressure=lambda t: keyframes([(0, 0), (0.30, 0), (0.34, 400), (0.62, 2900), (1.05, 3300),
                                      (1.40, 6900), (1.52, 7050), (1.70, 1200), (1.76, 0)], t),
        distance=lambda t: keyframes([(0, 38), (0.30, 0), (1.76, 0), (1.95, 22)], t),
        tilt=lambda t: (keyframes([(0, 22), (0.3, 18), (1.4, 14), (2.2, 16)], t),
                        keyframes([(0, -12), (0.3, -9), (1.4, -6), (2.2, -10)], t)),
        touch_from_pressure=True, prox_end=2.05, btn_touch_threshold=80)
    rec.save(path, """
Stylus on a Wacom Intuos Pro M (USB, 200 Hz, ABS_PRESSURE 0-8191, tilt, hover distance).
The pen hovers in, lands at the cell in column 2 of row 2 of a 4x3 grid, presses through the
preview ("peek"), leans into the upper half of the cell, presses harder and commits ("pop"),
then lifts and leaves proximity. Expected: shouldBegin, preview ... ended, commit ... ended.""")


def worn_pen(path):
    """Worn Bamboo pen: reports ~85/1023 while hovering (and BTN_TOUCH with it), then presses and commits."""
    rec = Recorder(BAMBOO_PEN, 133, seed=2)
    resting = 85
    pen_frames(
        rec, BAMBOO_PEN, 2.6,
        path=lambda t: (keyframes([(0, 0.52), (0.8, 0.55), (2.6, 0.56)], t),
                        keyframes([(0, 0.40), (0.8, 0.44), (2.6, 0.45)], t)),
        pressure=lambda t: keyframes([(0, resting), (0.80, resting), (1.00, 260), (1.30, 520), (1.55, 840),
                                      (1.70, 860), (1.95, resting), (2.6, resting)], t),
        distance=lambda t: keyframes([(0, 14), (0.78, 2), (0.80, 0), (1.95, 0), (2.10, 9), (2.6, 16)], t),
        tilt=lambda t: (0, 0),
        touch_from_pressure=True, prox_end=2.5, btn_touch_threshold=60)
    rec.save(path, """
Worn pen on a Wacom Bamboo 2FG 4x5 (USB, 133 Hz, ABS_PRESSURE 0-1023, no tilt). The tip is worn:
it reports about 85 (8% of the range) while hovering, and the tablet even sets BTN_TOUCH with it.
The pen hovers for 0.8 s (no touch must begin), presses through preview and commit, lifts back to
hovering at the resting pressure and leaves proximity. Expected: one touch; shouldBegin,
preview ... ended, commit ... ended.""")


# A pen resting at 153/511 (30 %): hover, press through preview and commit, hover again.
RESTING_30 = 153


def resting_pen_press(start):
    """Pressure keyframes of one press from the resting pressure through the commit and back."""
    return [(start, RESTING_30), (start + 0.25, 260), (start + 0.55, 360), (start + 0.80, 470),
            (start + 0.95, 480), (start + 1.15, RESTING_30)]


def pen_resting_30(path):
    """Bamboo Fun pen resting at 30 % with a distance axis: learned at the first proximity-in."""
    rec = Recorder(BAMBOO_FUN_PEN, 133, seed=11)
    pen_frames(
        rec, BAMBOO_FUN_PEN, 2.6,
        path=lambda t: (keyframes([(0, 0.40), (0.8, 0.46), (2.6, 0.47)], t),
                        keyframes([(0, 0.60), (0.8, 0.52), (2.6, 0.51)], t)),
        pressure=lambda t: keyframes([(0, RESTING_30)] + resting_pen_press(0.80), t),
        distance=lambda t: keyframes([(0, 30), (0.78, 3), (0.80, 0), (1.95, 0), (2.15, 12), (2.6, 25)], t),
        tilt=lambda t: (0, 0), touch_from_pressure=True, prox_end=2.5, btn_touch_threshold=60)
    rec.idle(0.5)
    # Back into proximity: hovers at rest and leaves; the offset learned before still holds.
    pen_frames(
        rec, BAMBOO_FUN_PEN, 3.6,
        path=lambda t: (0.30, 0.35), pressure=lambda t: RESTING_30,
        distance=lambda t: keyframes([(3.0, 28), (3.3, 8), (3.6, 20)], t),
        tilt=lambda t: (0, 0), touch_from_pressure=True, prox_end=3.55, btn_touch_threshold=60)
    rec.save(path, """
Healthy pen whose tip rests near 30 % of the range (libinput's Wacom Bamboo Fun report): ABS_PRESSURE 0-511,
hover distance 0-63, 133 Hz. The pen comes into proximity hovering at 153 (BTN_TOUCH set with it), hovers for
0.8 s, presses through preview and commit, lifts back to hovering and leaves; then comes back, hovers and leaves.
Expected: the offset is learned at the first proximity-in (at most half the range); one touch; shouldBegin,
preview ... ended, commit ... ended; nothing while hovering.""")


def pen_resting_30_no_distance(path):
    """The same pen without ABS_DISTANCE: the third proximity-in decides the offset."""
    rec = Recorder(BAMBOO_FUN_PEN_NO_DISTANCE, 133, seed=12)
    hover = (lambda t: (0.5, 0.5))
    for start, end in ((0.0, 0.35), (0.85, 1.2)):
        rec.idle(start - rec.time_us / 1_000_000)
        pen_frames(rec, BAMBOO_FUN_PEN_NO_DISTANCE, end, path=hover, pressure=lambda t: RESTING_30,
                   distance=lambda t: 0, tilt=lambda t: (0, 0), touch_from_pressure=True, prox_end=end,
                   btn_touch_threshold=60)
    rec.idle(1.7 - rec.time_us / 1_000_000)
    pen_frames(
        rec, BAMBOO_FUN_PEN_NO_DISTANCE, 4.2,
        path=lambda t: (keyframes([(1.7, 0.44), (2.4, 0.46), (4.2, 0.47)], t), 0.5),
        pressure=lambda t: keyframes([(1.7, RESTING_30)] + resting_pen_press(2.4), t),
        distance=lambda t: 0, tilt=lambda t: (0, 0), touch_from_pressure=True, prox_end=4.0, btn_touch_threshold=60)
    rec.save(path, """
The pen of pen-resting-30.evemu as a driver without ABS_DISTANCE reports it (ABS_PRESSURE 0-511, 133 Hz): the
tip rests at 153 (30 %) whenever it is in proximity, with BTN_TOUCH set. It comes into proximity and leaves
twice, hovering; the third time it hovers, presses through preview and commit, lifts back to hovering and
leaves. As libinput does, the offset is decided at the third proximity-in from the lowest pressure seen in
proximity so far; before that the axis minimum applies and the resting tip cannot be told from a press.
Expected: proximities 1 and 2 each a touch that begins a preview and is cancelled when the pen leaves; then
nothing while hovering, and the press: shouldBegin, preview ... ended, commit ... ended.""")


def touchscreen_cancel(path):
    rec = Recorder(ELAN_SCREEN, 120, seed=3)
    rec.idle(0.05)
    finger = Finger(0, 118, 0.05, 0.95,
                    path=lambda t: (0.495 + 0.003 * math.sin(t * 3), 0.463),
                    pressure=lambda t: keyframes([(0.05, 14), (0.12, 30), (0.40, 68), (0.85, 66), (0.95, 40)], t),
                    major=lambda t: keyframes([(0.05, 6), (0.4, 11), (0.95, 8)], t))
    touchscreen(rec, ELAN_SCREEN, [finger], 1.05)
    rec.save(path, """
Touchscreen press that previews and is lifted: ELAN i2c touchscreen (120 Hz, MT protocol B,
10 slots, ABS_MT_PRESSURE 0-255). One finger presses firmly enough to begin the preview (about
1.8x an average touch), holds, and lifts before the preview ends. Expected: shouldBegin,
preview updates below 1.0, Canceled.""")


def touchscreen_tap(path):
    rec = Recorder(ELAN_SCREEN, 120, seed=4)
    rec.idle(0.05)
    first = Finger(0, 240, 0.05, 0.14, path=lambda t: (0.30, 0.70),
                   pressure=lambda t: keyframes([(0.05, 12), (0.09, 31), (0.14, 18)], t))
    second = Finger(0, 241, 0.42, 0.50, path=lambda t: (0.31, 0.69),
                    pressure=lambda t: keyframes([(0.42, 10), (0.46, 28), (0.50, 15)], t))
    touchscreen(rec, ELAN_SCREEN, [first, second], 0.6)
    rec.save(path, """
Quick double tap on the ELAN touchscreen (120 Hz, ABS_MT_PRESSURE 0-255): two taps of about 80 ms,
each lighter than an average touch. Expected: two touches, no interaction events.""")


def touchscreen_two_fingers(path):
    rec = Recorder(ELAN_SCREEN, 120, seed=5)
    rec.idle(0.03)
    first = Finger(0, 301, 0.03, 1.10, path=lambda t: (0.26, 0.46),
                   pressure=lambda t: keyframes([(0.03, 15), (0.25, 46), (0.60, 62), (0.85, 96), (1.0, 100), (1.10, 60)], t))
    second = Finger(1, 302, 0.30, 1.55, path=lambda t: (0.72 + 0.01 * t, 0.55),
                    pressure=lambda t: keyframes([(0.30, 20), (0.55, 150), (0.9, 215), (1.4, 220), (1.55, 90)], t))
    touchscreen(rec, ELAN_SCREEN, [first, second], 1.7)
    rec.save(path, """
Two fingers on the ELAN touchscreen (120 Hz, MT protocol B). The first finger begins the
interaction and presses through the preview; a second finger lands and presses much harder (hard
enough to commit) but must not take over; the first finger lifts before committing, then the second
lifts. Expected: shouldBegin, preview ... ended, commit updates below 1.0, Canceled, and nothing
from the second finger.""")


def touchscreen_palm(path):
    rec = Recorder(ELAN_SCREEN, 120, seed=6)
    rec.idle(0.02)
    finger = Finger(0, 77, 0.02, 0.90, path=lambda t: (0.62, 0.58 + 0.02 * t),
                    pressure=lambda t: keyframes([(0.02, 20), (0.30, 62), (0.5, 70), (0.9, 120)], t),
                    major=lambda t: keyframes([(0.02, 8), (0.45, 12), (0.55, 60), (0.9, 80)], t),
                    tool=lambda t: MT_TOOL_PALM if t >= 0.55 else MT_TOOL_FINGER)
    touchscreen(rec, ELAN_SCREEN, [finger], 1.0)
    rec.save(path, """
Palm on the ELAN touchscreen (MT protocol B with ABS_MT_TOOL_TYPE): a contact presses into the
preview, then flattens and the firmware reports it as MT_TOOL_PALM. Expected: shouldBegin,
preview updates, Canceled when the palm is reported; the later lift delivers nothing.""")


def no_pressure(path):
    rec = Recorder(SILEAD_POSITION_ONLY, 100, seed=7)
    rec.idle(0.02)
    # Lands, settles for 0.12 s, then held perfectly still: the panel sends nothing until the lift.
    held = Finger(0, 12, 0.02, 1.45, path=lambda t: (0.40, 0.42), pressure=lambda t: 0,
                  wobble=lambda t: 0.0012 if t < 0.14 else 0.0)
    swipe = Finger(0, 13, 2.00, 2.35, pressure=lambda t: 0,
                   path=lambda t: (0.55 + 0.02 * (t - 2.0), keyframes([(2.00, 0.78), (2.30, 0.22)], t)))
    touchscreen(rec, SILEAD_POSITION_ONLY, [held, swipe], 2.45)
    rec.save(path, """
Tablet touchscreen with neither pressure nor contact size: Silead i2c controller (100 Hz, MT
protocol B, positions only, no resolution). A finger lands, settles and is held perfectly still
(no events at all) for 1.3 s, then lifts; later a finger swipes up. Force is 1.0 while touching
and maximumPossibleForce 0; interactions follow the time a touch is held still (Haptic Touch).
Expected with the fast touch duration: the hold begins after 0.15 s, peeks at 0.5 s and commits
at 1.0 s (shouldBegin, preview ... ended, commit ... ended), all driven by time; the swipe
leaves the slop at once and begins nothing.""")


def contact_size(path):
    rec = Recorder(GOODIX_CONTACT_SIZE, 90, seed=8)
    rec.idle(0.03)
    tap = Finger(0, 40, 0.03, 0.13, path=lambda t: (0.62, 0.30), pressure=lambda t: 0,
                 major=lambda t: keyframes([(0.03, 16), (0.07, 24), (0.13, 18)], t))
    # A fingertip flattens as it presses: its contact grows from about 20 to 125 and back.
    press = Finger(0, 41, 0.50, 2.10, pressure=lambda t: 0,
                   path=lambda t: (0.45 + 0.002 * math.sin(4 * t), 0.52 - 0.003 * (t - 0.5)),
                   major=lambda t: keyframes([(0.50, 18), (0.58, 30), (0.85, 32), (1.30, 86), (1.45, 90),
                                              (1.75, 126), (1.90, 128), (2.02, 60), (2.10, 40)], t))
    touchscreen(rec, GOODIX_CONTACT_SIZE, [tap, press], 2.2)
    rec.save(path, """
Phone touchscreen with contact size but no pressure: Goodix i2c controller (90 Hz, MT protocol B,
ABS_MT_TOUCH_MAJOR and ABS_MT_WIDTH_MAJOR 0-255, equal as the goodix driver reports them, no
ABS_MT_PRESSURE). A light tap (contact 16-24, 100 ms), then a press: the fingertip lands at about
20, rests at about 31, flattens to about 88 (2.3 times an average contact of 38, 15 % of the
range) and on to about 127 (3.3 times), then eases off and lifts after 1.6 s. Force is estimated
from contact size (the force source of a device without pressure that reports it): the tap stays
below an average touch, the press previews and commits. With a profile's forceSource "duration",
the press, held within the slop, previews and commits by duration instead.""")


# The calibration wizard's steps as a person follows them: five light taps, five ordinary presses
# and five firm presses; the factors vary each press a little, as hands do.
CALIBRATION_VARIATION = [1.0, 0.96, 1.04, 0.98, 1.02]


def calibrate_worn_pen(path):
    """Worn Bamboo pen resting at 82 (8%): rest, then taps and presses at 0.5, 1 and 3.3 times an ordinary press."""
    rec = Recorder(BAMBOO_PEN, 133, seed=9)
    rest, ordinary = 82, 330
    pressure, distance = [(0, rest)], [(0, 12), (0.2, 6)]
    t = 1.6
    for above, rise, hold, fall in ((124, 0.04, 0.03, 0.04), (248, 0.1, 0.3, 0.1), (818, 0.1, 0.3, 0.1)):
        for factor in CALIBRATION_VARIATION:
            pressure += press_keyframes(t, rest, rest + above * factor, rise, hold, fall)
            distance += [(t - 0.06, 6), (t - 0.01, 0), (t + rise + hold + fall + 0.01, 0), (t + rise + hold + fall + 0.06, 6)]
            t += rise + hold + fall + 0.35
        t += 1.0
    pen_frames(
        rec, BAMBOO_PEN, t + 0.3,
        path=lambda t: (0.5, 0.5), pressure=lambda t: keyframes(pressure, t), distance=lambda t: keyframes(distance, t),
        tilt=lambda t: (0, 0), touch_from_pressure=True, prox_end=t + 0.2, wobble=0, btn_touch_threshold=60)
    rec.save(path, f"""
Calibration session of a worn pen on a Wacom Bamboo 2FG 4x5 (USB, 133 Hz, ABS_PRESSURE 0-1023): the pen rests in
range at about {rest} (8% of the range; the tablet sets BTN_TOUCH with it) for 1.6 s, then taps lightly 5 times
(peaks about {rest + 124}), presses 5 times as one presses a button (about {ordinary}) and 5 times firmly (about
{rest + 818}), hovering at rest in between. Expected ('calibrate --replay'): resting offset {rest}, average touch
{ordinary}, linear curve, maximumPossibleForce about 3.8, standard thresholds.""")


def calibrate_touchscreen(path):
    """ELAN touchscreen whose average touch is 40/255; the first light taps vary too much and are repeated."""
    rec = Recorder(ELAN_SCREEN, 120, seed=10)
    rec.idle(0.1)
    fingers, t, tracking = [], 0.2, 400
    steps = [([10, 45, 12, 50, 14], 0.03, 0.02, 0.03),
             ([20 * f for f in CALIBRATION_VARIATION], 0.03, 0.02, 0.03),
             ([40 * f for f in CALIBRATION_VARIATION], 0.1, 0.3, 0.1),
             ([132 * f for f in CALIBRATION_VARIATION], 0.1, 0.3, 0.1)]
    for peaks, rise, hold, fall in steps:
        for peak in peaks:
            frames = press_keyframes(t, 3, peak, rise, hold, fall)
            fingers.append(Finger(0, tracking, t, t + rise + hold + fall, path=lambda t: (0.5, 0.5),
                                  pressure=lambda t, frames=frames: keyframes(frames, t)))
            tracking += 1
            t += rise + hold + fall + 0.35
        t += 1.0
    touchscreen(rec, ELAN_SCREEN, fingers, t, wobble=0)
    rec.save(path, """
Calibration session on the ELAN i2c touchscreen (120 Hz, MT protocol B, ABS_MT_PRESSURE 0-255). Five light taps
that vary too much (10 to 50), repeated as five even taps at about 20; then five ordinary presses at about 40 and
five firm ones at about 132. Expected ('calibrate --replay'): the first light taps rejected ("press the same way
each time"); resting offset 0, average touch 40, linear curve, maximumPossibleForce about 6.4, standard thresholds.""")


def peek_action(path):
    """Wacom Intuos Pro pen: press a cell, peek, slide up onto the second peek action, lift on it."""
    rec = Recorder(INTUOS_PEN, 200, seed=11)
    # At 200 units/mm, the peek actions reveal 6 mm (1200 units) up from where the peek happened;
    # rows are 5 mm (1000 units) and start at 8.5 mm: the second row is 13.5-18.5 mm up. The pen
    # slides 16 mm (3200 units, 0.108 of the height) and stays there while it lifts.
    pen_frames(
        rec, INTUOS_PEN, 2.3,
        path=lambda t: (keyframes([(0, 0.31), (0.30, 0.372), (2.3, 0.372)], t),
                        keyframes([(0, 0.61), (0.30, 0.505), (1.10, 0.505), (1.60, 0.397), (2.3, 0.397)], t)),
        pressure=lambda t: keyframes([(0, 0), (0.30, 0), (0.34, 400), (0.62, 2900), (0.95, 4500), (1.10, 4550),
                                      (1.60, 4400), (1.80, 4450), (1.90, 0)], t),
        distance=lambda t: keyframes([(0, 38), (0.30, 0), (1.90, 0), (2.10, 22)], t),
        tilt=lambda t: (keyframes([(0, 22), (0.3, 18), (1.6, 14), (2.3, 16)], t),
                        keyframes([(0, -12), (0.3, -9), (1.6, -6), (2.3, -10)], t)),
        touch_from_pressure=True, prox_end=2.2, btn_touch_threshold=80)
    rec.save(path, """
Stylus on a Wacom Intuos Pro M (USB, 200 Hz, ABS_PRESSURE 0-8191, tilt, hover distance).
The pen lands on the cell in column 2 of row 2 of a 4x3 grid, presses past the peek (about 2.3x
an average touch, below the commit), then slides 16 mm up: past the 6 mm that reveals the peek
actions, over the first row onto the second, and lifts there. Expected with peek actions
supplied: shouldBegin, preview ... ended, peek, commit below 1.0, actions revealed, first then
second action highlighted (a selection tick each), the second performed; no cancel, no pop.""")


def quick_action(path):
    """ELAN touchscreen: a light drag scrolls the grid, then a firm press on the title bar picks a shortcut."""
    rec = Recorder(ELAN_SCREEN, 120, seed=12)
    rec.idle(0.05)
    # A light drag up (below an average touch: never previews) over three quarters of the height.
    drag = Finger(0, 512, 0.05, 0.75, path=lambda t: (0.40, keyframes([(0.05, 0.85), (0.65, 0.10)], t)),
                  pressure=lambda t: keyframes([(0.05, 14), (0.12, 24), (0.65, 22), (0.75, 12)], t))
    # A firm press in the top twelfth (the title bar): past the peek at 76.5 (2.0x an average of
    # 38), held, then a slide 20 mm down (260 units at 13 units/mm): past the quick actions'
    # rows of 5 mm that start 2.5 mm below the press, onto the fourth (17.5-22.5 mm); lift there.
    press = Finger(0, 513, 1.20, 2.65, path=lambda t: (0.30, keyframes([(1.20, 0.035), (1.85, 0.035), (2.35, 0.1554)], t)),
                   pressure=lambda t: keyframes([(1.20, 15), (1.45, 60), (1.70, 95), (1.85, 94), (2.35, 90),
                                                 (2.55, 88), (2.65, 20)], t),
                   major=lambda t: keyframes([(1.20, 6), (1.70, 12), (2.65, 8)], t))
    touchscreen(rec, ELAN_SCREEN, [drag, press], 2.8)
    rec.save(path, """
Quick action on the ELAN touchscreen (120 Hz, MT protocol B, ABS_MT_PRESSURE 0-255, 13 units/mm).
A finger drags lightly up three quarters of the height (scrolling a 3-row grid down two rows)
and lifts; then a finger presses firmly in the top twelfth of the surface (the title bar), past
the peek, holds, slides 20 mm down and lifts. Expected with a quick-action interaction on the
top twelfth in front of the cells: the drag begins nothing; the press shows the shortcuts at
the peek, highlights the first, second, third and fourth (a selection tick each) and performs
the fourth; no pop.""")


def scroll_to_top(path):
    """Silead touchscreen (positions only): a drag scrolls the grid down two rows and back up to the top."""
    rec = Recorder(SILEAD_POSITION_ONLY, 100, seed=13)
    rec.idle(0.02)
    drag = Finger(0, 21, 0.02, 1.25, pressure=lambda t: 0,
                  path=lambda t: (0.55, keyframes([(0.02, 0.85), (0.55, 0.08), (0.65, 0.08), (1.15, 0.90)], t)))
    touchscreen(rec, SILEAD_POSITION_ONLY, [drag], 1.35)
    rec.save(path, """
Scroll to the top on the Silead tablet touchscreen (100 Hz, MT protocol B, positions only, no
resolution): force source duration. A finger lands near the bottom and at once drags up to near
the top (0.77 of the height: a 3-row grid scrolls down two rows), pauses, and drags back down
below where it landed (the grid scrolls back up to row 0), then lifts. It leaves the slop 70 ms
after landing, before the Haptic Touch begin delay: no interaction begins.""")


def main():
    os.makedirs("recordings", exist_ok=True)
    stylus_commit("recordings/stylus-commit.evemu")
    worn_pen("recordings/worn-pen.evemu")
    pen_resting_30("recordings/pen-resting-30.evemu")
    pen_resting_30_no_distance("recordings/pen-resting-30-no-distance.evemu")
    touchscreen_cancel("recordings/touchscreen-cancel.evemu")
    touchscreen_tap("recordings/touchscreen-tap.evemu")
    touchscreen_two_fingers("recordings/touchscreen-two-fingers.evemu")
    touchscreen_palm("recordings/touchscreen-palm.evemu")
    no_pressure("recordings/no-pressure.evemu")
    contact_size("recordings/contact-size.evemu")
    calibrate_worn_pen("recordings/calibrate-worn-pen.evemu")
    calibrate_touchscreen("recordings/calibrate-touchscreen.evemu")
    peek_action("recordings/peek-action.evemu")
    quick_action("recordings/quick-action.evemu")
    scroll_to_top("recordings/scroll-to-top.evemu")
    fling("recordings/fling.evemu", ELAN_SCREEN)


if __name__ == "__main__":
    main()
