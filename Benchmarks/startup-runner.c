/*
 * startup-runner: runs a few short commands in turn, round after round, and prints each one's
 * medians over the rounds: wall clock, CPU time (user + system, from wait4's rusage, so exactly
 * the child's) and minor page faults. Interleaving the commands spreads the machine's load over
 * all of them alike, and the rusage of each run gives a CPU median (hyperfine reports only means
 * of CPU time). Each round starts with a different command. The kernel splits CPU time into user
 * and system by ticks, so that split of a few milliseconds says little (`perf stat` measures it).
 *
 *   startup-runner RUNS WARMUP NAME ARGV... -- NAME ARGV... -- ...
 *
 * Output, one line per command: NAME wall_median_ms wall_min_ms cpu_median_ms
 * minor_faults_median. Standard output and error of the commands go to /dev/null; a command that
 * fails stops the run with its name and status.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct command {
	const char *name;
	char **argv;
	double *wall, *cpu, *faults;
};

static double milliseconds(struct timeval tv)
{
	return tv.tv_sec * 1e3 + tv.tv_usec / 1e3;
}

static int compare(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *values, int count)
{
	qsort(values, count, sizeof *values, compare);
	return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

/* Runs one command once; records its figures at `slot` unless slot < 0 (a warm-up run). */
static void run(struct command *command, int slot, int null)
{
	struct timespec start, end;
	clock_gettime(CLOCK_MONOTONIC, &start);
	pid_t pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(1);
	}
	if (pid == 0) {
		dup2(null, 1);
		dup2(null, 2);
		execv(command->argv[0], command->argv);
		_exit(127);
	}
	int status;
	struct rusage usage;
	while (wait4(pid, &status, 0, &usage) < 0) {
		if (errno != EINTR) {
			perror("wait4");
			exit(1);
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &end);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "startup-runner: %s (%s) failed with status %d\n", command->name, command->argv[0],
			WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
		exit(1);
	}
	if (slot < 0)
		return;
	command->wall[slot] = (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
	command->cpu[slot] = milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime);
	command->faults[slot] = usage.ru_minflt;
}

int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: %s RUNS WARMUP NAME ARGV... [-- NAME ARGV...]...\n", argv[0]);
		return 2;
	}
	int runs = atoi(argv[1]), warmup = atoi(argv[2]);
	if (runs < 1 || warmup < 0) {
		fprintf(stderr, "startup-runner: RUNS must be at least 1 and WARMUP at least 0\n");
		return 2;
	}
	struct command commands[argc];
	int count = 0;
	for (int i = 3; i < argc;) {
		struct command *command = &commands[count++];
		command->name = argv[i++];
		command->argv = &argv[i];
		while (i < argc && strcmp(argv[i], "--") != 0)
			i++;
		if (command->argv == &argv[i]) {
			fprintf(stderr, "startup-runner: %s has no program\n", command->name);
			return 2;
		}
		if (i < argc)
			argv[i++] = NULL; /* ends this command's argv */
		command->wall = calloc(runs, sizeof(double));
		command->cpu = calloc(runs, sizeof(double));
		command->faults = calloc(runs, sizeof(double));
	}
	int null = open("/dev/null", O_WRONLY);
	if (null < 0) {
		perror("/dev/null");
		return 1;
	}
	for (int round = -warmup; round < runs; round++) {
		int first = (round % count + count) % count;
		for (int k = 0; k < count; k++)
			run(&commands[(first + k) % count], round, null);
	}
	for (int c = 0; c < count; c++) {
		struct command *command = &commands[c];
		double wall_min = command->wall[0];
		for (int r = 1; r < runs; r++)
			if (command->wall[r] < wall_min)
				wall_min = command->wall[r];
		printf("%s %.3f %.3f %.3f %.0f\n", command->name, median(command->wall, runs), wall_min,
		       median(command->cpu, runs), median(command->faults, runs));
	}
	return 0;
}
