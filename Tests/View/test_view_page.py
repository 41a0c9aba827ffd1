#!/usr/bin/env python3
"""The view's page as a person sees it: Playwright drives Debian's Chromium (headless, never a
downloaded browser) on `forcebridge view --replay recordings/stylus-commit.evemu`, checks the
page's state at each phase of the press through its data attributes, and saves screenshots at
preview and at commit (docs/view-preview.png, docs/view-commit.png with --screenshots).

    test_view_page.py [--binary .build-test/release/forcebridge-view] [--chromium /usr/bin/chromium]
                      [--screenshots]

Exits 0 when every check passed; prints each failed check otherwise.
"""
import argparse
import pathlib
import re
import subprocess
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent


def start_view(binary, recording, speed, extra=(), env=None):
    """Starts `forcebridge-view --replay RECORDING --speed SPEED EXTRA…` (with `env` as its
    environment when given); returns the process and the page's URL."""
    process = subprocess.Popen([binary, "--replay", recording, "--speed", speed, "--no-open", *extra], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = process.stdout.readline()
    match = re.match(r"forcebridge view: (http://\S+)", line)
    if not match:
        process.kill()
        sys.exit(f"forcebridge-view printed no URL: {line!r} {process.stderr.read()}")
    return process, match.group(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build-test/release/forcebridge-view"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--screenshots", action="store_true", help="write docs/view-*.png")
    options = parser.parse_args()
    failures = []

    def check(condition, what):
        print(("ok   " if condition else "FAIL ") + what)
        if not condition:
            failures.append(what)

    # A quarter of real time: the 1.4 s press lasts long enough to look at each phase.
    view, url = start_view(options.binary, "recordings/stylus-commit.evemu", "0.25")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=options.chromium, headless=True)
            page = browser.new_page(viewport={"width": 1280, "height": 760})
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(url)
            page.wait_for_selector("body[data-connected='true']", timeout=10_000)
            # The device's facts arrive as the stream's first line, after the connection opens.
            page.wait_for_selector("body[data-device-kind]", timeout=10_000)
            check(page.get_attribute("body", "data-device-kind") == "tablet", "the device's facts: a tablet")
            check("ABS_PRESSURE" in page.inner_text("#facts"), "the facts name the pressure axis")

            page.wait_for_selector("circle.touch", timeout=15_000)
            check(page.get_attribute("circle.touch", "data-tool") == "pen", "a touch circle for the pen")

            page.wait_for_selector("body[data-state='preview']", timeout=15_000)
            # Sampled in one evaluation each, so the page cannot move on between the readings.
            samples = []
            for _ in range(12):
                sample = page.evaluate("""() => ({state: document.body.dataset.state,
                    progress: Number(document.body.dataset.progress),
                    circle: document.querySelector('circle.touch')?.dataset.state,
                    ring: Number(document.querySelector('.ring')?.dataset.progress)})""")
                if sample["state"] != "preview":
                    break
                samples.append(sample)
                page.wait_for_timeout(60)
            progress = [sample["progress"] for sample in samples]
            check(len(progress) >= 3 and progress[-1] > progress[0], f"preview progress rises: {progress}")
            check(samples != [] and all(sample["circle"] == "preview" for sample in samples), "the circle shows the preview")
            check(samples != [] and all(sample["ring"] == sample["progress"] for sample in samples), "its ring shows the progress")
            if options.screenshots:
                page.screenshot(path=str(ROOT / "docs/view-preview.png"))

            page.wait_for_selector("body[data-state='commit']", timeout=15_000)
            check(page.get_attribute("circle.touch", "data-state") == "commit", "the circle shows the commit")
            check(page.text_content("#state-label") == "commit", "the label says commit")
            if options.screenshots:
                page.screenshot(path=str(ROOT / "docs/view-commit.png"))

            page.wait_for_selector("body[data-ended='true']", timeout=20_000)
            seen = page.get_attribute("body", "data-seen").split()
            check(seen[:3] == ["possible", "preview", "commit"], f"states in order: {seen}")
            check(float(page.get_attribute("body", "data-max-progress")) > 0.9, "the preview reached its end")
            check(page.get_attribute("#summary", "data-commits") == "1", "the summary counts one commit")
            check(int(page.get_attribute("body", "data-feedback-count")) >= 2, "haptics shown (peek and pop)")
            check(errors == [], f"no script errors: {errors}")
            browser.close()
    finally:
        view.terminate()
        view.wait(timeout=10)
    if failures:
        print(f"{len(failures)} checks failed", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
