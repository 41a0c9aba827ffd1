/*
 * libevdev-reader: the plain C read loop of Benchmarks/device-read.sh.
 *
 * Opens NODE read-only and non-blocking, waits with poll(), and reads every event with
 * libevdev_next_event, following libevdev's sync mode after SYN_DROPPED, until the device goes
 * away. It does nothing with the events but count them. Prints "events N dropped D".
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <libevdev/libevdev.h>

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
	long events = 0, dropped = 0;
	unsigned int flags = LIBEVDEV_READ_FLAG_NORMAL;
	struct pollfd waiting = { .fd = fd, .events = POLLIN };
	for (;;) {
		struct input_event event;
		int status = libevdev_next_event(dev, flags, &event);
		if (status == LIBEVDEV_READ_STATUS_SUCCESS) {
			events++;
		} else if (status == LIBEVDEV_READ_STATUS_SYNC) {
			if (flags == LIBEVDEV_READ_FLAG_SYNC) {
				events++;
			} else {
				dropped++;
				flags = LIBEVDEV_READ_FLAG_SYNC;
			}
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
	printf("events %ld dropped %ld\n", events, dropped);
	return 0;
}
