/*
 * uinput-writer: the event source of Benchmarks/device-read.sh.
 *
 * Creates a 10-slot MT protocol B touchscreen with pressure (like an ELAN i2c panel) through
 * libevdev's uinput API, prints its node, waits for "go" on stdin, then writes TOTAL events as
 * two fingers pressing and moving: every frame changes every axis it sends, so the input core
 * filters nothing and each reader must read exactly TOTAL events. Each frame is one write();
 * frames go out in bursts of BURST frames at a steady rate of RATE events per second, paced on
 * absolute CLOCK_MONOTONIC deadlines. Every 400 frames both fingers lift and land again, and the
 * pressure ramps up and down, so a touch pipeline has beginnings, ends and interactions to track.
 * When done it prints "done EVENTS", waits for a line on stdin, and removes the device.
 *
 * usage: uinput-writer TOTAL RATE BURST
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>

#define SLOTS 10

static void enable_abs(struct libevdev *dev, unsigned int code, int min, int max, int resolution) {
	struct input_absinfo info = { .minimum = min, .maximum = max, .resolution = resolution };
	libevdev_enable_event_code(dev, EV_ABS, code, &info);
}

static void add(struct input_event *frame, int *count, unsigned int type, unsigned int code, int value) {
	memset(&frame[*count], 0, sizeof frame[*count]);
	frame[*count].type = type;
	frame[*count].code = code;
	frame[*count].value = value;
	(*count)++;
}

int main(int argc, char **argv) {
	if (argc != 4) {
		fprintf(stderr, "usage: %s TOTAL RATE BURST\n", argv[0]);
		return 2;
	}
	long total = atol(argv[1]);
	double rate = atof(argv[2]);
	int burst = atoi(argv[3]);

	struct libevdev *dev = libevdev_new();
	libevdev_set_name(dev, "ForceBridge Benchmark Screen");
	libevdev_set_id_bustype(dev, 0x18);
	libevdev_set_id_vendor(dev, 0x04f3);
	libevdev_set_id_product(dev, 0x2c82);
	libevdev_enable_property(dev, INPUT_PROP_DIRECT);
	libevdev_enable_event_code(dev, EV_KEY, BTN_TOUCH, NULL);
	enable_abs(dev, ABS_X, 0, 3839, 13);
	enable_abs(dev, ABS_Y, 0, 2159, 13);
	enable_abs(dev, ABS_MT_SLOT, 0, SLOTS - 1, 0);
	enable_abs(dev, ABS_MT_POSITION_X, 0, 3839, 13);
	enable_abs(dev, ABS_MT_POSITION_Y, 0, 2159, 13);
	enable_abs(dev, ABS_MT_TRACKING_ID, 0, 65535, 0);
	enable_abs(dev, ABS_MT_PRESSURE, 0, 255, 0);
	struct libevdev_uinput *uinput;
	int status = libevdev_uinput_create_from_device(dev, LIBEVDEV_UINPUT_OPEN_MANAGED, &uinput);
	if (status != 0) {
		fprintf(stderr, "uinput-writer: creating the device failed: %s\n", strerror(-status));
		return 1;
	}
	int fd = libevdev_uinput_get_fd(uinput);
	printf("node %s\n", libevdev_uinput_get_devnode(uinput));
	fflush(stdout);

	char line[64];
	if (!fgets(line, sizeof line, stdin)) return 1;

	struct input_event frame[32];
	long written = 0, frames = 0;
	int tracking = 100;
	int down = 0;
	int last_slot = -1;
	double period = burst * 11.0 / rate; /* seconds per burst, at about 11 events per frame */
	struct timespec next;
	clock_gettime(CLOCK_MONOTONIC, &next);
	while (written < total) {
		for (int b = 0; b < burst && written < total; b++, frames++) {
			int count = 0;
			int phase = frames % 400;
			if (phase == 399 && down) {
				/* Both fingers lift. */
				add(frame, &count, EV_ABS, ABS_MT_SLOT, 0);
				add(frame, &count, EV_ABS, ABS_MT_TRACKING_ID, -1);
				add(frame, &count, EV_ABS, ABS_MT_SLOT, 1);
				add(frame, &count, EV_ABS, ABS_MT_TRACKING_ID, -1);
				add(frame, &count, EV_KEY, BTN_TOUCH, 0);
				last_slot = 1;
				down = 0;
			} else {
				/* Pressure rises over the first 200 frames of a cycle and falls over the next 199,
				 * never repeating a value from one frame to the next (nor across a lift: odd
				 * cycles are offset). */
				int ramp = phase < 200 ? phase : 398 - phase;
				int pressure = 10 + ramp * 6 / 5 + (int)(frames / 400 % 2) * 3;
				int x = 1000 + (int)(frames % 1500), y = 600 + (int)((frames * 7) % 1200);
				for (int slot = 0; slot < 2; slot++) {
					if (last_slot != slot || !down) add(frame, &count, EV_ABS, ABS_MT_SLOT, slot);
					if (!down) add(frame, &count, EV_ABS, ABS_MT_TRACKING_ID, tracking++ % 65536);
					add(frame, &count, EV_ABS, ABS_MT_POSITION_X, x + slot * 1200);
					add(frame, &count, EV_ABS, ABS_MT_POSITION_Y, y + slot * 300);
					add(frame, &count, EV_ABS, ABS_MT_PRESSURE, slot == 0 ? pressure : 260 - pressure);
					last_slot = slot;
				}
				if (!down) add(frame, &count, EV_KEY, BTN_TOUCH, 1);
				add(frame, &count, EV_ABS, ABS_X, x);
				add(frame, &count, EV_ABS, ABS_Y, y);
				down = 1;
			}
			add(frame, &count, EV_SYN, SYN_REPORT, 0);
			ssize_t length = write(fd, frame, count * sizeof frame[0]);
			if (length != (ssize_t)(count * sizeof frame[0])) {
				fprintf(stderr, "uinput-writer: write failed: %s\n", strerror(errno));
				return 1;
			}
			written += count;
		}
		long nanoseconds = next.tv_nsec + (long)(period * 1e9);
		next.tv_sec += nanoseconds / 1000000000;
		next.tv_nsec = nanoseconds % 1000000000;
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL) == EINTR) {}
	}
	printf("done %ld %ld\n", written, frames);
	fflush(stdout);
	if (!fgets(line, sizeof line, stdin)) { /* the orchestrator went away: remove the device anyway */ }
	libevdev_uinput_destroy(uinput);
	libevdev_free(dev);
	return 0;
}
