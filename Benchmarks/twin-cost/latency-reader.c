/*
 * latency-reader: the C libevdev reader of Benchmarks/twin-cost.sh.
 *
 * Opens NODE read-only and non-blocking, waits with poll(), reads every event with
 * libevdev_next_event (following libevdev's sync mode after SYN_DROPPED) until the device goes
 * away. At each SYN_REPORT after an MSC_TIMESTAMP it takes the time (CLOCK_MONOTONIC) and keeps
 * now - timestamp: how long after the writer's write() this reader had the frame. The latencies
 * go into an array allocated once, for at most FRAMES frames. At the end it prints
 * "frames N dropped D p50 X p99 Y max Z" (microseconds).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <libevdev/libevdev.h>

static int compare(const void *a, const void *b) {
	long x = *(const long *)a, y = *(const long *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv) {
	if (argc != 3) {
		fprintf(stderr, "usage: %s NODE FRAMES\n", argv[0]);
		return 2;
	}
	long capacity = atol(argv[2]);
	long *latencies = calloc(capacity > 0 ? capacity : 1, sizeof *latencies);
	int fd = open(argv[1], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct libevdev *dev;
	if (!latencies || fd < 0 || libevdev_new_from_fd(fd, &dev) != 0) {
		fprintf(stderr, "latency-reader: cannot open %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	long frames = 0, dropped = 0;
	long stamp = -1;
	unsigned int flags = LIBEVDEV_READ_FLAG_NORMAL;
	struct pollfd waiting = { .fd = fd, .events = POLLIN };
	for (;;) {
		struct input_event event;
		int status = libevdev_next_event(dev, flags, &event);
		if (status == LIBEVDEV_READ_STATUS_SUCCESS) {
			if (event.type == EV_MSC && event.code == MSC_TIMESTAMP) {
				stamp = event.value;
			} else if (event.type == EV_SYN && event.code == SYN_REPORT && stamp >= 0) {
				struct timespec now;
				clock_gettime(CLOCK_MONOTONIC, &now);
				long now_us = (long)((now.tv_sec * 1000000LL + now.tv_nsec / 1000) & 0x7fffffff);
				long latency = (now_us - stamp) & 0x7fffffff;
				if (frames < capacity) latencies[frames] = latency;
				frames++;
				stamp = -1;
			}
		} else if (status == LIBEVDEV_READ_STATUS_SYNC) {
			if (flags != LIBEVDEV_READ_FLAG_SYNC) {
				dropped++;
				flags = LIBEVDEV_READ_FLAG_SYNC;
			}
			stamp = -1;
		} else if (status == -EAGAIN) {
			if (flags == LIBEVDEV_READ_FLAG_SYNC) {
				flags = LIBEVDEV_READ_FLAG_NORMAL;
				continue;
			}
			if (poll(&waiting, 1, -1) < 0 && errno != EINTR) break;
		} else if (status == -EINTR) {
			continue;
		} else {
			break; /* -ENODEV: the device went away */
		}
	}
	long kept = frames < capacity ? frames : capacity;
	qsort(latencies, kept, sizeof *latencies, compare);
	long p50 = kept ? latencies[kept / 2] : 0, p99 = kept ? latencies[(kept * 99) / 100] : 0, max = kept ? latencies[kept - 1] : 0;
	printf("frames %ld dropped %ld p50 %ld p99 %ld max %ld\n", frames, dropped, p50, p99, max);
	return 0;
}
