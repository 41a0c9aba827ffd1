/*
 * alloc-count: an LD_PRELOAD library that counts a process's heap allocations, for
 * Benchmarks/twin-cost.sh to show that the twin allocates nothing per frame.
 *
 * malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign go to glibc's own
 * (__libc_*) and add one to a 64-bit counter kept in a shared file, ALLOC_COUNT_FILE (created by
 * the process, 8 bytes), which the benchmark reads before and after the stream.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static uint64_t fallback;
static uint64_t *counter = &fallback;

__attribute__((constructor)) static void setup(void) {
	const char *path = getenv("ALLOC_COUNT_FILE");
	if (!path) return;
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || ftruncate(fd, sizeof(uint64_t)) != 0) return;
	void *shared = mmap(NULL, sizeof(uint64_t), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (shared != MAP_FAILED) counter = shared;
}

static inline void count(void) { __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t number, size_t size) { count(); return __libc_calloc(number, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
	count();
	void *pointer = __libc_memalign(alignment, size);
	if (!pointer) return ENOMEM;
	*result = pointer;
	return 0;
}
