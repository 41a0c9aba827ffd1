#!/usr/bin/env bash
# Installs the Debian packages a ForceBridge job needs, only those that are missing.
#   Scripts/install-deps.sh demo   build and run the demo
#   Scripts/install-deps.sh test   build and run every test (host and kernel guest)
#   Scripts/install-deps.sh view   Playwright from PyPI for the view's page test, in .venv-view
#                                  (after `test`, which installs python3-venv and Chromium)
#   Scripts/install-deps.sh bench  build and run the benchmark against libevemu
set -euo pipefail

build=(pkg-config libevdev-dev libudev-dev libsystemd-dev)
test_only=(
  evemu-tools python3-evemu libevemu-dev   # reference evemu reader/player for differential tests
  python3-evdev                           # python-evdev read loop (benchmark) and uinput helpers
  qemu-system-x86 busybox-static cpio     # the real-kernel test guest
  udev                                    # systemd-udevd and udevadm for rule tests in the guest
  dbus systemd libglib2.0-bin             # the guest's session bus and its clients busctl and gdbus
  python3-dbus python3-gi                 # python3-dbus clients (with a GLib main loop for signals)
  feedbackd                               # Debian's haptics daemon and fbcli, the service's anchor in the guest
  librsvg2-bin                            # rsvg-convert renders plots in tests
  python3                                 # xml.etree loads JUnit XML and SVG output in tests
  tmux                                    # drives the terminal UI in tests
  man-db groff-base                       # `man -l` renders the installed manual pages in tests
  libinput-tools                          # libinput debug-events: a real reader of replays into uinput
  chromium python3-venv                   # the view's page test: Playwright (PyPI, in .venv-view) drives Debian's Chromium
  fonts-noto-color-emoji                  # emoji in Chromium (the rate page's grid and its screenshot)
)

# The view's page test drives Chromium through Playwright from PyPI, in a venv of the checkout's
# own (.venv-view); Playwright's browser download is never used (the test names Debian's chromium).
playwright_venv() {
  local root venv
  root="$(cd "$(dirname "$0")/.." && pwd)"
  venv="$root/.venv-view"
  if ! "$venv/bin/python" -c "import playwright" 2>/dev/null; then
    echo "Installing Playwright (PyPI) into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q playwright
  fi
}

case "${1:-test}" in
  view) playwright_venv; exit 0 ;;
  demo) wanted=("${build[@]}") ;;
  test) wanted=("${build[@]}" "${test_only[@]}") ;;
  bench) wanted=("${build[@]}" libevemu-dev time hyperfine valgrind) ;;
  *) echo "usage: $0 demo|test|view|bench" >&2; exit 2 ;;
esac

missing=()
for package in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -gt 0 ] || exit 0

echo "Installing missing Debian packages: ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then sudo=(sudo); else
    echo "error: these packages are missing and installing them needs root: ${missing[*]}" >&2
    echo "       run: apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
