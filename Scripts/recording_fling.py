"""The fling of recordings/fling.evemu (`forcebridge view --bounce`), for
Scripts/generate-recordings.py, which passes the ELAN touchscreen's model as `device`."""
from recording_model import EV_MSC, MSC_TIMESTAMP, Finger, Recorder, keyframes, touchscreen


def fling(path, device):
    """ELAN touchscreen: a finger lands, drags the sphere of `view --bounce` and flings it up and right."""
    rec = Recorder(device, 120, seed=14)
    rec.idle(0.02)
    # Slow at first, then steady from 0.15 s: 1.35 of the width per second rightwards, 1.6 of the
    # height per second upwards, until it lifts while moving.
    finger = Finger(0, 90, 0.02, 0.40, pressure=lambda t: keyframes([(0.02, 12), (0.08, 24), (0.40, 20)], t),
                    path=lambda t: (0.30 + 0.15 * (t - 0.02) + 1.2 * max(0.0, t - 0.15),
                                    0.62 - 0.08 * (t - 0.02) - 1.5 * max(0.0, t - 0.15)))
    touchscreen(rec, device, [finger], 0.45)
    # The screen sends nothing while nothing touches it; one timestamp 3 s later keeps a replay
    # (and the sphere's world on its clock) running while the sphere bounces.
    rec.idle(3.0)
    rec.frame([(EV_MSC, MSC_TIMESTAMP, int(rec.time_us) & 0x7fffffff)])
    rec.save(path, """
Fling on the ELAN touchscreen (120 Hz, MT protocol B, ABS_MT_PRESSURE 0-255): a light finger
(below an average touch: no interaction) lands at the left, moves slowly, then sweeps up and to
the right and lifts while moving. A last MSC_TIMESTAMP frame 3 s later ends the recording. In
`forcebridge view --bounce` the finger holds the sphere and flings it: it hits the edges at
falling speeds until it rests.""")
