/*
 * libevdev-reader: the plain C read loop of Benchmarks/device-read.sh.
 *
 * Opens NODE read-only and non-blocking, waits with poll(), and reads every event with
 * libevdev_next_event, following libevdev's sync mode after SYN_DROPPED, until the device goes
 * away (evdev-read-loop.h). It does nothing with the events but count them. Prints
 * "events N dropped D".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <libevdev/libevdev.h>
#include "evdev-read-loop.h"

static void count(const struct input_event *event, void *context) {
	(void)event;
	(*(long *)context)++;
}

int main(int argc, char **argv) {
	if (argc != 2) {
		fprintf(stderr, "usage: %s NODE\n", argv[0]);
		return 2;
	}
	int fd = open(argv[1], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct libevdev *dev;
	if (fd < 0 || libevdev_new_from_fd(fd, &dev) != 0) {
		fprintf(stderr, "libevdev-reader: cannot open %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	long events = 0;
	long dropped = evdev_read_loop(dev, fd, count, NULL, &events);
	printf("events %ld dropped %ld\n", events, dropped);
	return 0;
}
