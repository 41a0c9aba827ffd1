/*
 * latency-reader: the C libevdev reader of Benchmarks/twin-cost.sh.
 *
 * Opens NODE read-only and non-blocking, waits with poll(), reads every event with
 * libevdev_next_event (following libevdev's sync mode after SYN_DROPPED) until the device goes
 * away (evdev-read-loop.h). At each SYN_REPORT after an MSC_TIMESTAMP it takes the time (CLOCK_MONOTONIC) and keeps
 * now - timestamp: how long after the writer's write() this reader had the frame. The latencies
 * go into an array allocated once, for at most FRAMES frames. At the end it prints
 * "frames N dropped D p50 X p99 Y max Z" (microseconds).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <libevdev/libevdev.h>
#include "../device-read/evdev-read-loop.h"

/* The frames' latencies, in an array allocated once. */
struct latencies {
	long *values;
	long capacity;
	long frames;
	long stamp; /* the frame's MSC_TIMESTAMP, -1 before it */
};

static int compare(const void *a, const void *b) {
	long x = *(const long *)a, y = *(const long *)b;
	return (x > y) - (x < y);
}

static void take(const struct input_event *event, void *context) {
	struct latencies *latencies = context;
	if (event->type == EV_MSC && event->code == MSC_TIMESTAMP) {
		latencies->stamp = event->value;
	} else if (event->type == EV_SYN && event->code == SYN_REPORT && latencies->stamp >= 0) {
		struct timespec now;
		clock_gettime(CLOCK_MONOTONIC, &now);
		long now_us = (long)((now.tv_sec * 1000000LL + now.tv_nsec / 1000) & 0x7fffffff);
		if (latencies->frames < latencies->capacity) latencies->values[latencies->frames] = (now_us - latencies->stamp) & 0x7fffffff;
		latencies->frames++;
		latencies->stamp = -1;
	}
}

/* A resync's frame is libevdev's delta, not one the writer stamped. */
static void forget_stamp(void *context) { ((struct latencies *)context)->stamp = -1; }

int main(int argc, char **argv) {
	if (argc != 3) {
		fprintf(stderr, "usage: %s NODE FRAMES\n", argv[0]);
		return 2;
	}
	struct latencies latencies = { .capacity = atol(argv[2]), .stamp = -1 };
	latencies.values = calloc(latencies.capacity > 0 ? latencies.capacity : 1, sizeof *latencies.values);
	int fd = open(argv[1], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct libevdev *dev;
	if (!latencies.values || fd < 0 || libevdev_new_from_fd(fd, &dev) != 0) {
		fprintf(stderr, "latency-reader: cannot open %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	long dropped = evdev_read_loop(dev, fd, take, forget_stamp, &latencies);
	long kept = latencies.frames < latencies.capacity ? latencies.frames : latencies.capacity;
	long *values = latencies.values;
	qsort(values, kept, sizeof *values, compare);
	long p50 = kept ? values[kept / 2] : 0, p99 = kept ? values[(kept * 99) / 100] : 0, max = kept ? values[kept - 1] : 0;
	printf("frames %ld dropped %ld p50 %ld p99 %ld max %ld\n", latencies.frames, dropped, p50, p99, max);
	return 0;
}
