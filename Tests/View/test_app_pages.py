#!/usr/bin/env python3
"""The seed's apps as pages, as a person sees them: Playwright drives Debian's Chromium (headless,
never a downloaded browser) on
- `forcebridge view --rate --replay recordings/stylus-commit.evemu`: the press previews 🐙 (the
  cell grows, the rest fades, 👍 / 👎 appear), commits and ends with 🐙 rated 👍, saved to the
  same ratings file as `forcebridge rate --replay` writes for the same recording (each in a
  temporary XDG_DATA_HOME, never the user's); cells beyond the grid are prefetched; and on
  `recordings/peek-action.evemu` a peek's actions appear and one is performed;
- `forcebridge view --bounce --replay recordings/fling.evemu`: the fling's hits on the edges,
  each played (view-feedback) at the intensity of its collision, intensities rising with speeds.
Checks read the pages' data attributes. Screenshots go to .build/view-screenshots/, and with
--screenshots also to docs/view-rate.png and docs/view-bounce.png.

    test_app_pages.py [--binary .build-test/release/forcebridge-view] [--forcebridge .build-test/release/forcebridge]
                      [--chromium /usr/bin/chromium] [--screenshots]

Exits 0 when every check passed; prints each failed check otherwise.
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

sys.dont_write_bytecode = True
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from test_view_page import ROOT, start_view  # noqa: E402

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def wait_until(page, condition, timeout_ms):
    """Polls `condition` (a JavaScript expression) until true: the pages' Content-Security-Policy
    refuses the eval behind Playwright's wait_for_function."""
    for _ in range(timeout_ms // 25):
        if page.evaluate(f"() => Boolean({condition})"):
            return
        page.wait_for_timeout(25)
    raise TimeoutError(f"still false after {timeout_ms} ms: {condition}")


def ratings_in(data_home):
    path = pathlib.Path(data_home) / "forcebridge" / "ratings.json"
    return json.loads(path.read_text())["ratings"] if path.exists() else None


def with_page(options, arguments, env, run):
    """Serves `arguments`, opens the page in Chromium and runs `run(page)`; then stops the view."""
    view, url = start_view(options.binary, *arguments, env=env)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=options.chromium, headless=True,
                                                 args=["--autoplay-policy=no-user-gesture-required"])
            page = browser.new_page(viewport={"width": 1280, "height": 760})
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(url)
            page.wait_for_selector("body[data-connected='true']", timeout=10_000)
            run(page)
            check(errors == [], f"no script errors: {errors}")
            browser.close()
    finally:
        view.terminate()
        view.wait(timeout=10)


def screenshot(page, options, name):
    shots = ROOT / ".build/view-screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / name))
    if options.screenshots:
        page.screenshot(path=str(ROOT / "docs" / name))


def rate_page(options):
    with tempfile.TemporaryDirectory() as terminal_home, tempfile.TemporaryDirectory() as page_home:
        # What `rate` does with the recording, in a store of its own.
        subprocess.run([options.forcebridge, "rate", "--replay", "recordings/stylus-commit.evemu", "--headless"],
                       cwd=ROOT, env={**os.environ, "XDG_DATA_HOME": terminal_home}, check=True, capture_output=True)
        expected = ratings_in(terminal_home)
        check(expected == {"🐙": "up"}, f"rate --replay rates 🐙 👍: {expected}")

        def run(page):
            page.wait_for_selector("#loads .dot", timeout=10_000)
            check(page.locator("#grid .cell").count() == 12, "a 4 × 3 grid of cells")
            page.wait_for_selector("body[data-phase='preview']", timeout=20_000)
            wait_until(page, "Number(document.body.dataset.fade) > 0.4", 10_000)
            sample = page.evaluate("""() => {
                const active = document.querySelector('.cell.active');
                const other = document.querySelector('.cell[data-item="0"]');
                return {item: active?.dataset.item, emoji: active?.firstChild?.textContent,
                        scale: active?.style.transform, thumbs: active?.querySelectorAll('.thumbs span').length,
                        fade: Number(document.body.dataset.fade), otherOpacity: Number(other?.style.opacity)}; }""")
            check(sample["item"] == "5" and sample["emoji"] == "🐙", f"the preview is on 🐙: {sample}")
            check(sample["scale"].startswith("scale(1.") and sample["thumbs"] == 2, f"it grows, 👍 / 👎 appear: {sample}")
            check(sample["otherOpacity"] < 1, f"the rest fades: {sample}")
            page.wait_for_selector("body[data-phase='commit']", timeout=10_000)
            screenshot(page, options, "view-rate.png")
            page.wait_for_selector("body[data-outcome='rated']", timeout=20_000)
            check(page.get_attribute("body", "data-outcome-item") == "5", "the outcome: item 5 rated")
            check(page.get_attribute("body", "data-outcome-rating") == "up", "rated 👍")
            check(page.get_attribute(".cell[data-item='5']", "data-rating") == "up", "🐙's cell shows 👍")
            seen = page.get_attribute("body", "data-seen").split()
            check(seen[:3] == ["idle", "preview", "commit"], f"phases in order: {seen}")
            check("peek" in page.get_attribute("body", "data-feedback").split(), "the peek's haptic is shown")
            page.wait_for_selector("#loads .dot[data-item='12'][data-state='loaded']", timeout=10_000)
            check(page.locator("#loads .dot.visible[data-item='12']").count() == 0, "row 4 was prefetched, out of sight")
            prefetched = page.get_attribute("body", "data-prefetched").split()
            check("12" in prefetched and " prefetch 12" in page.inner_text("#events"), f"the prefetches are shown: {prefetched}")

        with_page(options, ("recordings/stylus-commit.evemu", "0.25", ["--rate"]),
                  {**os.environ, "XDG_DATA_HOME": page_home}, run)
        saved = ratings_in(page_home)
        check(saved == expected, f"the page saved what rate saves: {saved}")

    with tempfile.TemporaryDirectory() as page_home:
        def actions(page):
            # The actions are shown for about a second of the replay: a loaded machine can draw
            # them and take them away between two looks, so the page keeps the most it showed.
            page.wait_for_selector("body[data-outcome='performed']", timeout=30_000)
            most = int(page.get_attribute("body", "data-most-actions") or 0)
            check(most >= 2, f"the peek's actions appeared: {most} at most")
            check("actionPerformed" in page.inner_text("#events"), "an action was performed")

        with_page(options, ("recordings/peek-action.evemu", "0.5", ["--rate"]), {**os.environ, "XDG_DATA_HOME": page_home}, actions)


def bounce_page(options):
    def run(page):
        # The pen holds the sphere only briefly: a loaded machine can show and end the hold
        # between two looks, so the page counts the holds it showed.
        wait_until(page, "Number(document.body.dataset.grabs) >= 1", 20_000)
        page.wait_for_selector("li.collision", timeout=20_000)
        screenshot(page, options, "view-bounce.png")
        wait_until(page, "Number(document.body.dataset.collisions) >= 4", 20_000)
        hits = page.evaluate("""() => [...document.querySelectorAll('li.collision')].map((item) => ({
            speed: Number(item.dataset.speed), intensity: Number(item.dataset.intensity),
            volume: Number(item.dataset.volume)}))""")
        played = page.evaluate("""() => [...document.querySelectorAll('li.played')].map((item) => ({
            moment: item.dataset.moment, intensity: Number(item.dataset.intensity)}))""")
        check(len(hits) >= 4, f"the fling hits the edges: {hits}")
        check([p["intensity"] for p in played] == [h["intensity"] for h in hits if h["intensity"] > 0]
              and all(p["moment"] == "collision" for p in played), f"each hit played at its intensity: {played}")
        by_speed = sorted(hits, key=lambda hit: hit["speed"])
        check(all(a["speed"] < b["speed"] and a["intensity"] < b["intensity"] for a, b in zip(by_speed, by_speed[1:])),
              f"intensities rise with speeds: {[(h['speed'], h['intensity']) for h in by_speed]}")
        check(all(0 < h["intensity"] < 1 for h in hits), "no hit is clamped")
        check(all(h["volume"] == h["intensity"] for h in hits), "the sound's volume follows the same speed")

    with_page(options, ("recordings/fling.evemu", "1", ["--bounce"]), None, run)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build-test/release/forcebridge-view"))
    parser.add_argument("--forcebridge", default=str(ROOT / ".build-test/release/forcebridge"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--screenshots", action="store_true", help="write docs/view-rate.png and docs/view-bounce.png")
    options = parser.parse_args()
    rate_page(options)
    bounce_page(options)
    if failures:
        print(f"{len(failures)} checks failed", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
