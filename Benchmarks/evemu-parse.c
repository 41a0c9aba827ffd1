/*
 * evemu-parse: libevemu's own parse-only loop, the reference for compare-libevemu.sh.
 *
 *   evemu-parse FILE
 *
 * Reads the device header with evemu_read(), then every event with evemu_read_event() until it
 * returns <= 0, and does nothing with them but count them and fold them into a checksum (so the
 * work cannot be skipped). Prints one JSON line: events, frames, seconds and events per second as
 * measured inside the process. Built by compare-libevemu.sh with `cc -O2 ... -levemu`.
 */
#include <evemu.h>
#include <linux/input.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE\n", argv[0]);
		return 2;
	}
	double start = now_seconds();
	FILE *fp = fopen(argv[1], "r");
	if (!fp) {
		perror(argv[1]);
		return 1;
	}
	struct evemu_device *device = evemu_new(NULL);
	if (!device || evemu_read(device, fp) <= 0) {
		fprintf(stderr, "%s: evemu_read failed to read the device header\n", argv[1]);
		return 1;
	}
	struct input_event event;
	long events = 0, frames = 0;
	uint64_t checksum = 0;
	while (evemu_read_event(fp, &event) > 0) {
		events++;
		if (event.type == EV_SYN && event.code == SYN_REPORT)
			frames++;
		checksum = checksum * 31 + (uint64_t)event.input_event_sec * 1000000u + (uint64_t)event.input_event_usec
			   + ((uint64_t)event.type << 48) + ((uint64_t)event.code << 32) + (uint32_t)event.value;
	}
	evemu_delete(device);
	fclose(fp);
	double seconds = now_seconds() - start;
	printf("{\"mode\":\"libevemu-parse\",\"events\":%ld,\"frames\":%ld,\"seconds\":%.6f,\"eventsPerSecond\":%.0f,\"checksum\":%llu}\n",
	       events, frames, seconds, seconds > 0 ? (double)events / seconds : 0.0, (unsigned long long)checksum);
	return 0;
}
