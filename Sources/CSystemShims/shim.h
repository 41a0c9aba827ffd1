#ifndef FORCEBRIDGE_CSYSTEMSHIMS_SHIM_H
#define FORCEBRIDGE_CSYSTEMSHIMS_SHIM_H
// The Linux calls Swift cannot import directly (variadic ioctl, packed structures, GNU extensions)
// and the headers Glibc's module leaves out (epoll, signalfd, timerfd, eventfd, inotify, pidfd).
// Only ForceSystem's syscall funnel imports this.
#include <sys/ioctl.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <signal.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <poll.h>
#include <termios.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>
#include <sys/pidfd.h>

static inline int fb_ioctl_pointer(int fd, unsigned long request, void *argument) {
    return ioctl(fd, request, argument);
}

static inline int fb_ioctl_int(int fd, unsigned long request, int argument) {
    return ioctl(fd, request, argument);
}

/* Blocks `signals` (resetting an inherited SIG_IGN, which would discard them) and returns a
   signalfd reporting them: a new one when `descriptor` is -1, else `descriptor` updated. Saves
   the previous mask in `previous` when it is not NULL. Returns -1 with errno on failure. */
static inline int fb_signalfd(int descriptor, const int *signals, int count, sigset_t *previous) {
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) {
        signal(signals[i], SIG_DFL);
        sigaddset(&set, signals[i]);
    }
    if (sigprocmask(SIG_BLOCK, &set, previous) != 0) return -1;
    return signalfd(descriptor, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

/* Unblocks those of `signals` that `previous` (a mask saved by fb_signalfd) did not block. */
static inline void fb_restore_signals(const int *signals, int count, const sigset_t *previous) {
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) {
        if (!sigismember(previous, signals[i])) sigaddset(&set, signals[i]);
    }
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/* glibc's posix_spawn_file_actions_addchdir_np (2.29+), a GNU extension Swift does not import. */
static inline int fb_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *directory) {
    extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *, const char *);
    return posix_spawn_file_actions_addchdir_np(actions, directory);
}

/* glibc's posix_spawn_file_actions_addclosefrom_np (2.34+): the child keeps only 0, 1 and 2. */
static inline int fb_spawn_close_others(posix_spawn_file_actions_t *actions) {
    extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);
    return posix_spawn_file_actions_addclosefrom_np(actions, 3);
}

/* Arms a timerfd for an absolute CLOCK_MONOTONIC time in nanoseconds (0 disarms). */
static inline int fb_timerfd_arm(int fd, long long nanoseconds) {
    struct itimerspec setting = {0};
    setting.it_value.tv_sec = nanoseconds / 1000000000LL;
    setting.it_value.tv_nsec = nanoseconds % 1000000000LL;
    return timerfd_settime(fd, nanoseconds > 0 ? TFD_TIMER_ABSTIME : 0, &setting, NULL);
}

/* epoll_event is packed on x86_64: keep it on the C side. */
static inline int fb_epoll_control(int epfd, int operation, int fd, unsigned int events) {
    struct epoll_event event = { .events = events, .data = { .fd = fd } };
    return epoll_ctl(epfd, operation, fd, &event);
}

/* Waits for readiness; fills fds[i] and events[i]; returns the count, 0 on timeout, -1 on error. */
static inline int fb_epoll_wait(int epfd, int *fds, unsigned int *events, int capacity, int timeout) {
    struct epoll_event ready[64];
    if (capacity > 64) capacity = 64;
    int count = epoll_wait(epfd, ready, capacity, timeout);
    for (int i = 0; i < count; i++) {
        fds[i] = ready[i].data.fd;
        events[i] = ready[i].events;
    }
    return count;
}

/* Reads one pending signal from a signalfd; returns its number, or -1 with errno (EAGAIN when
   none is pending). */
static inline int fb_read_signal(int fd) {
    struct signalfd_siginfo info;
    ssize_t length = read(fd, &info, sizeof info);
    if (length < 0) return -1;
    if (length != (ssize_t)sizeof info) {
        errno = EIO;
        return -1;
    }
    return (int)info.ssi_signo;
}

#endif
