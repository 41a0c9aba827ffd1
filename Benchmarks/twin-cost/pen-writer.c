/*
 * pen-writer: the two pens of Benchmarks/twin-cost.sh, and the stream written into both.
 *
 * Creates two identical uinput pens (a Wacom id, X/Y, pressure 0..8191, distance, MSC_TIMESTAMP)
 * named "ForceBridge Twin Cost Pen A" and "... B", prints "A NODE" and "B NODE", and waits for a
 * line on standard input. Then it writes FRAMES frames into both at RATE frames per second (on
 * absolute CLOCK_MONOTONIC deadlines): the pen in contact, moving, its pressure ramping, each
 * frame one write() per pen, A first on even frames and B first on odd ones. Each frame carries
 * the moment just before its write in MSC_TIMESTAMP (CLOCK_MONOTONIC microseconds, low 31 bits),
 * for the readers to measure their latency against. It prints "done", waits for standard input
 * to close, and removes the pens.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>

static struct libevdev_uinput *create(const char *name) {
	struct libevdev *dev = libevdev_new();
	libevdev_set_name(dev, name);
	libevdev_set_id_bustype(dev, 0x03);
	libevdev_set_id_vendor(dev, 0x056a);
	libevdev_set_id_product(dev, 0x0357);
	libevdev_set_id_version(dev, 0x110);
	libevdev_enable_property(dev, INPUT_PROP_POINTER);
	unsigned int keys[] = { BTN_TOOL_PEN, BTN_TOUCH, BTN_STYLUS };
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) libevdev_enable_event_code(dev, EV_KEY, keys[i], NULL);
	struct input_absinfo x = { .maximum = 44800, .resolution = 200 }, y = { .maximum = 29600, .resolution = 200 };
	struct input_absinfo pressure = { .maximum = 8191 }, distance = { .maximum = 63 };
	libevdev_enable_event_code(dev, EV_ABS, ABS_X, &x);
	libevdev_enable_event_code(dev, EV_ABS, ABS_Y, &y);
	libevdev_enable_event_code(dev, EV_ABS, ABS_PRESSURE, &pressure);
	libevdev_enable_event_code(dev, EV_ABS, ABS_DISTANCE, &distance);
	libevdev_enable_event_code(dev, EV_MSC, MSC_TIMESTAMP, NULL);
	struct libevdev_uinput *uinput;
	int status = libevdev_uinput_create_from_device(dev, LIBEVDEV_UINPUT_OPEN_MANAGED, &uinput);
	libevdev_free(dev);
	if (status != 0) {
		fprintf(stderr, "pen-writer: cannot create %s: %s\n", name, strerror(-status));
		exit(1);
	}
	return uinput;
}

static long long now_us(void) {
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec * 1000000LL + now.tv_nsec / 1000;
}

static void put(struct input_event *event, unsigned short type, unsigned short code, int value) {
	memset(event, 0, sizeof *event);
	event->type = type;
	event->code = code;
	event->value = value;
}

/* Writes one frame into `uinput` in one write(), stamped with the moment before it. */
static void frame(struct libevdev_uinput *uinput, const struct input_event *events, int count) {
	struct input_event stamped[8];
	memcpy(stamped, events, count * sizeof events[0]);
	put(&stamped[count], EV_MSC, MSC_TIMESTAMP, (int)(now_us() & 0x7fffffff));
	put(&stamped[count + 1], EV_SYN, SYN_REPORT, 0);
	ssize_t size = (count + 2) * sizeof stamped[0];
	if (write(libevdev_uinput_get_fd(uinput), stamped, size) != size) {
		fprintf(stderr, "pen-writer: write: %s\n", strerror(errno));
		exit(1);
	}
}

int main(int argc, char **argv) {
	if (argc != 3) {
		fprintf(stderr, "usage: %s FRAMES RATE\n", argv[0]);
		return 2;
	}
	long frames = atol(argv[1]);
	double rate = atof(argv[2]);
	struct libevdev_uinput *pens[2] = { create("ForceBridge Twin Cost Pen A"), create("ForceBridge Twin Cost Pen B") };
	printf("A %s\nB %s\n", libevdev_uinput_get_devnode(pens[0]), libevdev_uinput_get_devnode(pens[1]));
	fflush(stdout);
	char line[64];
	if (!fgets(line, sizeof line, stdin)) return 0;

	struct input_event events[6];
	put(&events[0], EV_KEY, BTN_TOOL_PEN, 1);
	put(&events[1], EV_ABS, ABS_DISTANCE, 0);
	for (int pen = 0; pen < 2; pen++) frame(pens[pen], events, 2);
	long long start = now_us();
	for (long index = 0; index < frames; index++) {
		long long due = start + (long long)(index * 1e6 / rate);
		struct timespec deadline = { .tv_sec = due / 1000000, .tv_nsec = (due % 1000000) * 1000 };
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL) == EINTR) {}
		int pressure = 400 + (int)((index * 97) % 7600); /* a saw-tooth ramp through the range */
		put(&events[0], EV_ABS, ABS_X, 1000 + (int)(index % 40000));
		put(&events[1], EV_ABS, ABS_Y, 1000 + (int)((index * 3) % 28000));
		put(&events[2], EV_ABS, ABS_PRESSURE, pressure);
		put(&events[3], EV_KEY, BTN_TOUCH, 1);
		int first = index % 2;
		frame(pens[first], events, 4);
		frame(pens[1 - first], events, 4);
	}
	printf("done\n");
	fflush(stdout);
	while (fgets(line, sizeof line, stdin)) {}
	libevdev_uinput_destroy(pens[0]);
	libevdev_uinput_destroy(pens[1]);
	return 0;
}
