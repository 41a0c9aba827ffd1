/*
 * evdev-read-loop.h: the read loop the benchmarks' C readers share.
 *
 * Waits with poll() and reads every event of `fd` (opened non-blocking, `dev` made from it) with
 * libevdev_next_event, following libevdev's sync mode after SYN_DROPPED, until the device goes
 * away. Each event goes to `on_event`; `on_dropped` is called once per SYN_DROPPED, before the
 * events of the resync. Returns the number of SYN_DROPPED.
 */
#ifndef EVDEV_READ_LOOP_H
#define EVDEV_READ_LOOP_H

#include <errno.h>
#include <poll.h>
#include <libevdev/libevdev.h>

static inline long evdev_read_loop(struct libevdev *dev, int fd, void (*on_event)(const struct input_event *, void *),
				   void (*on_dropped)(void *), void *context) {
	long dropped = 0;
	unsigned int flags = LIBEVDEV_READ_FLAG_NORMAL;
	struct pollfd waiting = { .fd = fd, .events = POLLIN };
	for (;;) {
		struct input_event event;
		int status = libevdev_next_event(dev, flags, &event);
		if (status == LIBEVDEV_READ_STATUS_SUCCESS) {
			on_event(&event, context);
		} else if (status == LIBEVDEV_READ_STATUS_SYNC) {
			if (flags == LIBEVDEV_READ_FLAG_SYNC) {
				on_event(&event, context);
			} else {
				dropped++;
				flags = LIBEVDEV_READ_FLAG_SYNC;
				if (on_dropped) on_dropped(context);
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
	return dropped;
}

#endif
