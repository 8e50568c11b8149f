// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * uevent-rules: a stand-in for udev in the test VM, whose busybox has none.
 *
 * Usage: uevent-rules [-v] [-q MS] RULES -- COMMAND [ARG...]
 *
 * Listens to the kernel's uevents (a NETLINK_KOBJECT_UEVENT socket), starts COMMAND
 * (e.g. insmod) and, while it runs and after, applies the rules of the file RULES to
 * every uevent as it comes, in the order the kernel sent them, one at a time (RUN
 * programs run to their end before the next uevent is read), as udev does, until no
 * uevent came for MS milliseconds (default 1000) after COMMAND ended. Prints what it
 * ran and its exit status; -v also prints every uevent ("uevent: ACTION SUBSYSTEM
 * KERNEL-NAME DEVPATH"). Exit status 0, or 1 when COMMAND failed.
 *
 * The rules are read with the subset of udev(7) that a rule like 70-infrared.rules
 * needs, and anything else is refused with FILE:LINE: reason, so that a rule using a
 * key this program does not know fails the test instead of being half applied:
 *   match:  ACTION, SUBSYSTEM, KERNEL, DEVPATH, ENV{NAME}  (== and !=)
 *           SUBSYSTEMS, KERNELS  (== : the device or one of its parents, the same
 *           one for every such key of the rule; it becomes $id)
 *   assign: ENV{NAME}= (substituted at once), RUN+= and RUN= (substituted when run,
 *           after every rule, as udev does)
 *   values: shell glob patterns, alternatives split by '|'
 *   substitutions: $kernel %k, $id %b, $devpath %p, $env{NAME} %E{NAME}, $name,
 *           $$ and %%
 * RUN's program is run directly (no shell), its arguments split at spaces, with the
 * uevent's variables in its environment.
 */
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/netlink.h>

#define MAX_KEYS 16
#define MAX_RULES 32
#define MAX_VARS 64
#define MAX_RUNS 8
#define MAX_ARGS 32
#define VALUE_MAX 512

enum key_type {
	KEY_ACTION,
	KEY_SUBSYSTEM,
	KEY_KERNEL,
	KEY_DEVPATH,
	KEY_ENV,
	KEY_SUBSYSTEMS,
	KEY_KERNELS,
	KEY_RUN,
	KEY_TYPE_MAX
};

enum key_op { OP_MATCH, OP_NOMATCH, OP_ASSIGN, OP_ADD, OP_MAX };

struct rule_key {
	enum key_type type;
	enum key_op op;
	char attr[64];		/* NAME of ENV{NAME} */
	char value[VALUE_MAX];
};

struct rule {
	int line;
	int nkeys;
	struct rule_key keys[MAX_KEYS];
};

struct rules {
	int nrules;
	struct rule rule[MAX_RULES];
};

/* One uevent, and what the rules made of it. */
struct event {
	char action[32];
	char devpath[PATH_MAX];
	int nvars;
	char vars[MAX_VARS][VALUE_MAX];		/* NAME=VALUE: the uevent's, then ENV{}= */
	char parent_name[256];			/* $id: the device SUBSYSTEMS matched */
	int nruns;
	char runs[MAX_RUNS][VALUE_MAX];		/* RUN values, substituted when run */
};

static const char *const key_names[KEY_TYPE_MAX] = {
	[KEY_ACTION] = "ACTION", [KEY_SUBSYSTEM] = "SUBSYSTEM", [KEY_KERNEL] = "KERNEL",
	[KEY_DEVPATH] = "DEVPATH", [KEY_ENV] = "ENV", [KEY_SUBSYSTEMS] = "SUBSYSTEMS",
	[KEY_KERNELS] = "KERNELS", [KEY_RUN] = "RUN",
};

/* The operators each key takes. */
static const unsigned int key_ops[KEY_TYPE_MAX] = {
	[KEY_ACTION] = 1u << OP_MATCH | 1u << OP_NOMATCH,
	[KEY_SUBSYSTEM] = 1u << OP_MATCH | 1u << OP_NOMATCH,
	[KEY_KERNEL] = 1u << OP_MATCH | 1u << OP_NOMATCH,
	[KEY_DEVPATH] = 1u << OP_MATCH | 1u << OP_NOMATCH,
	[KEY_ENV] = 1u << OP_MATCH | 1u << OP_NOMATCH | 1u << OP_ASSIGN,
	[KEY_SUBSYSTEMS] = 1u << OP_MATCH,
	[KEY_KERNELS] = 1u << OP_MATCH,
	[KEY_RUN] = 1u << OP_ASSIGN | 1u << OP_ADD,
};

static void skip_space(const char **p)
{
	while (**p == ' ' || **p == '\t')
		(*p)++;
}

/* One KEY[{ATTR}] OP "VALUE" at *p; returns 0 or -EINVAL with *why set. */
static int parse_key(const char **p, struct rule_key *key, const char **why)
{
	const char *s = *p;
	size_t len = 0;
	int type;

	while ((s[len] >= 'A' && s[len] <= 'Z') || s[len] == '_')
		len++;
	for (type = 0; type < KEY_TYPE_MAX; type++)
		if (strlen(key_names[type]) == len && !strncmp(s, key_names[type], len))
			break;
	if (type == KEY_TYPE_MAX) {
		*why = "unsupported key";
		return -EINVAL;
	}
	key->type = type;
	s += len;
	key->attr[0] = '\0';
	if (*s == '{') {
		const char *end = strchr(s, '}');

		if (type != KEY_ENV || !end || (size_t)(end - s - 1) >= sizeof(key->attr)) {
			*why = "bad {attribute}";
			return -EINVAL;
		}
		memcpy(key->attr, s + 1, end - s - 1);
		key->attr[end - s - 1] = '\0';
		s = end + 1;
	} else if (type == KEY_ENV) {
		*why = "ENV needs {NAME}";
		return -EINVAL;
	}
	skip_space(&s);
	if (!strncmp(s, "==", 2))
		key->op = OP_MATCH, s += 2;
	else if (!strncmp(s, "!=", 2))
		key->op = OP_NOMATCH, s += 2;
	else if (!strncmp(s, "+=", 2))
		key->op = OP_ADD, s += 2;
	else if (*s == '=')
		key->op = OP_ASSIGN, s += 1;
	else {
		*why = "expected an operator";
		return -EINVAL;
	}
	if (!(key_ops[type] & (1u << key->op))) {
		*why = "this operator does not go with this key";
		return -EINVAL;
	}
	skip_space(&s);
	if (*s != '"') {
		*why = "expected a quoted value";
		return -EINVAL;
	}
	s++;
	for (len = 0; s[len] && s[len] != '"'; len++)
		;
	if (s[len] != '"' || len >= sizeof(key->value)) {
		*why = "unterminated or too long value";
		return -EINVAL;
	}
	memcpy(key->value, s, len);
	key->value[len] = '\0';
	*p = s + len + 1;
	return 0;
}

static int parse_rules(const char *path, struct rules *rules)
{
	char line[4096];
	int number = 0;
	FILE *f;
	int ret = 0;

	f = fopen(path, "r");
	if (!f) {
		ret = -errno;
		fprintf(stderr, "uevent-rules: %s: %s\n", path, strerror(-ret));
		return ret;
	}
	rules->nrules = 0;
	while (fgets(line, sizeof(line), f)) {
		struct rule *rule = &rules->rule[rules->nrules];
		const char *p = line, *why = NULL;

		number++;
		line[strcspn(line, "\n")] = '\0';
		skip_space(&p);
		if (*p == '\0' || *p == '#')
			continue;
		if (line[strlen(line) - 1] == '\\' || rules->nrules == MAX_RULES) {
			why = "continuation lines and more rules than this program holds "
			      "are not supported";
			goto bad;
		}
		rule->line = number;
		rule->nkeys = 0;
		while (*p) {
			if (rule->nkeys == MAX_KEYS) {
				why = "too many keys";
				goto bad;
			}
			if (parse_key(&p, &rule->keys[rule->nkeys], &why) < 0)
				goto bad;
			rule->nkeys++;
			skip_space(&p);
			if (*p == ',') {
				p++;
				skip_space(&p);
			} else if (*p) {
				why = "expected ','";
				goto bad;
			}
		}
		rules->nrules++;
		continue;
bad:
		fprintf(stderr, "uevent-rules: %s:%d:%d: %s\n", path, number,
			(int)(p - line) + 1, why);
		ret = -EINVAL;
		goto out;
	}
out:
	fclose(f);
	return ret;
}

/* The value of variable NAME of the event, or NULL. */
static const char *event_var(const struct event *ev, const char *name)
{
	size_t len = strlen(name);
	int i;

	/* The last one set wins: ENV{}= assignments come after the uevent's own. */
	for (i = ev->nvars - 1; i >= 0; i--)
		if (!strncmp(ev->vars[i], name, len) && ev->vars[i][len] == '=')
			return ev->vars[i] + len + 1;
	return NULL;
}

static int event_set_var(struct event *ev, const char *name, const char *value)
{
	if (ev->nvars == MAX_VARS)
		return -ENOSPC;
	if (snprintf(ev->vars[ev->nvars], VALUE_MAX, "%s=%s", name, value) >= VALUE_MAX)
		return -ENAMETOOLONG;
	ev->nvars++;
	return 0;
}

/* Glob patterns separated by '|', as udev reads a match value. */
static bool value_matches(const char *pattern, const char *value)
{
	char buf[VALUE_MAX];
	char *alt, *save = NULL;

	if (!value)
		value = "";
	snprintf(buf, sizeof(buf), "%s", pattern);
	for (alt = strtok_r(buf, "|", &save); alt; alt = strtok_r(NULL, "|", &save))
		if (fnmatch(alt, value, 0) == 0)
			return true;
	return pattern[0] == '\0' && value[0] == '\0';
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* The subsystem of the device at sysfs path DIR ("" when it has none). */
static void device_subsystem(const char *dir, char *out, size_t size)
{
	char link[PATH_MAX], target[PATH_MAX];
	ssize_t n;

	snprintf(link, sizeof(link), "%s/subsystem", dir);
	n = readlink(link, target, sizeof(target) - 1);
	if (n < 0) {
		out[0] = '\0';
		return;
	}
	target[n] = '\0';
	if ((size_t)snprintf(out, size, "%s", base_name(target)) >= size)
		out[0] = '\0';
}

static bool is_device_dir(const char *dir)
{
	char path[PATH_MAX];

	if ((size_t)snprintf(path, sizeof(path), "%s/uevent", dir) >= sizeof(path))
		return false;
	return access(path, F_OK) == 0;
}

/*
 * The parent keys of a rule (SUBSYSTEMS, KERNELS) all match one device: the event's
 * own or one of its parents, nearest first. Sets $id to that device's name.
 */
static bool parents_match(const struct rule *rule, struct event *ev)
{
	char dir[PATH_MAX], subsystem[256];
	bool any = false;
	int i;

	for (i = 0; i < rule->nkeys; i++)
		any |= rule->keys[i].type == KEY_SUBSYSTEMS || rule->keys[i].type == KEY_KERNELS;
	if (!any)
		return true;
	if ((size_t)snprintf(dir, sizeof(dir), "/sys%s", ev->devpath) >= sizeof(dir))
		return false;
	while (strlen(dir) > strlen("/sys/devices")) {
		bool all = true;

		if (is_device_dir(dir)) {
			device_subsystem(dir, subsystem, sizeof(subsystem));
			for (i = 0; i < rule->nkeys && all; i++) {
				const struct rule_key *key = &rule->keys[i];

				if (key->type == KEY_SUBSYSTEMS)
					all = value_matches(key->value, subsystem);
				else if (key->type == KEY_KERNELS)
					all = value_matches(key->value, base_name(dir));
			}
			if (all) {
				snprintf(ev->parent_name, sizeof(ev->parent_name), "%s",
					 base_name(dir));
				return true;
			}
		}
		*strrchr(dir, '/') = '\0';
	}
	return false;
}

/* udev's substitutions in IN, written to OUT; -EINVAL on one it does not know. */
static int substitute(const struct event *ev, const char *in, char *out, size_t size)
{
	size_t n = 0;

	while (*in && n + 1 < size) {
		const char *value = NULL;
		char name[64];

		if ((in[0] == '$' && in[1] == '$') || (in[0] == '%' && in[1] == '%')) {
			out[n++] = *in;
			in += 2;
			continue;
		}
		if (*in != '$' && *in != '%') {
			out[n++] = *in++;
			continue;
		}
		if (!strncmp(in, "$kernel", 7) || !strncmp(in, "%k", 2)) {
			value = base_name(ev->devpath);
			in += in[0] == '$' ? 7 : 2;
		} else if (!strncmp(in, "$id", 3) || !strncmp(in, "%b", 2)) {
			value = ev->parent_name;
			in += in[0] == '$' ? 3 : 2;
		} else if (!strncmp(in, "$devpath", 8) || !strncmp(in, "%p", 2)) {
			value = ev->devpath;
			in += in[0] == '$' ? 8 : 2;
		} else if (!strncmp(in, "$name", 5)) {
			/* The node's name under /dev, or the kernel name without one. */
			value = event_var(ev, "DEVNAME");
			if (!value)
				value = base_name(ev->devpath);
			in += 5;
		} else if (!strncmp(in, "$env{", 5) || !strncmp(in, "%E{", 3)) {
			const char *start = strchr(in, '{') + 1, *end = strchr(start, '}');

			if (!end || (size_t)(end - start) >= sizeof(name))
				return -EINVAL;
			memcpy(name, start, end - start);
			name[end - start] = '\0';
			value = event_var(ev, name);
			if (!value)
				value = "";
			in = end + 1;
		} else {
			return -EINVAL;
		}
		while (*value && n + 1 < size)
			out[n++] = *value++;
	}
	out[n] = '\0';
	return *in ? -ENAMETOOLONG : 0;
}

/* Applies every rule to the event; returns 0 or -EINVAL (a bad substitution). */
static int apply_rules(const struct rules *rules, struct event *ev)
{
	int r, i;

	for (r = 0; r < rules->nrules; r++) {
		const struct rule *rule = &rules->rule[r];
		bool match = true;

		for (i = 0; i < rule->nkeys && match; i++) {
			const struct rule_key *key = &rule->keys[i];
			const char *value;

			switch (key->type) {
			case KEY_ACTION:
				value = ev->action;
				break;
			case KEY_SUBSYSTEM:
				value = event_var(ev, "SUBSYSTEM");
				break;
			case KEY_KERNEL:
				value = base_name(ev->devpath);
				break;
			case KEY_DEVPATH:
				value = ev->devpath;
				break;
			case KEY_ENV:
				if (key->op >= OP_ASSIGN)
					continue;
				value = event_var(ev, key->attr);
				break;
			default:
				continue;	/* parent keys below; RUN is no match */
			}
			match = value_matches(key->value, value) == (key->op == OP_MATCH);
		}
		if (!match || !parents_match(rule, ev))
			continue;
		for (i = 0; i < rule->nkeys; i++) {
			const struct rule_key *key = &rule->keys[i];
			char value[VALUE_MAX];

			if (key->type == KEY_ENV && key->op == OP_ASSIGN) {
				if (substitute(ev, key->value, value, sizeof(value)) < 0 ||
				    event_set_var(ev, key->attr, value) < 0)
					goto bad;
			} else if (key->type == KEY_RUN) {
				if (key->op == OP_ASSIGN)
					ev->nruns = 0;
				if (ev->nruns == MAX_RUNS)
					goto bad;
				snprintf(ev->runs[ev->nruns++], VALUE_MAX, "%s", key->value);
			}
		}
		continue;
bad:
		fprintf(stderr, "uevent-rules: rule of line %d: cannot apply it to %s\n",
			rule->line, ev->devpath);
		return -EINVAL;
	}
	return 0;
}

/* Runs one RUN command, substituted now, and waits for it. */
static int run_command(const struct event *ev, const char *template)
{
	char cmd[VALUE_MAX], *argv[MAX_ARGS + 1], *envp[MAX_VARS + 1], *save = NULL;
	int argc = 0, status, i;
	pid_t pid;

	if (substitute(ev, template, cmd, sizeof(cmd)) < 0) {
		fprintf(stderr, "uevent-rules: cannot substitute '%s'\n", template);
		return -EINVAL;
	}
	printf("RUN %s\n", cmd);
	fflush(stdout);
	for (argv[argc] = strtok_r(cmd, " ", &save); argv[argc] && argc < MAX_ARGS;
	     argv[++argc] = strtok_r(NULL, " ", &save))
		;
	argv[argc] = NULL;
	for (i = 0; i < ev->nvars; i++)
		envp[i] = (char *)ev->vars[i];
	envp[i] = NULL;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		execve(argv[0], argv, envp);
		fprintf(stderr, "uevent-rules: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	printf("RUN exit status: %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : 128);
	fflush(stdout);
	return 0;
}

/* "ACTION@DEVPATH\0NAME=VALUE\0..." into ev; -EINVAL when it is not a uevent. */
static int parse_uevent(const char *buf, size_t len, struct event *ev)
{
	const char *at = memchr(buf, '@', len);
	size_t off;

	memset(ev, 0, sizeof(*ev));
	if (!at || memchr(buf, '\0', len) == NULL)
		return -EINVAL;
	snprintf(ev->action, sizeof(ev->action), "%.*s", (int)(at - buf), buf);
	snprintf(ev->devpath, sizeof(ev->devpath), "%s", at + 1);
	for (off = strlen(buf) + 1; off < len; off += strlen(buf + off) + 1) {
		if (!strchr(buf + off, '='))
			continue;
		if (ev->nvars == MAX_VARS)
			return -ENOSPC;
		snprintf(ev->vars[ev->nvars++], VALUE_MAX, "%s", buf + off);
	}
	return 0;
}

static int open_uevents(void)
{
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK, .nl_groups = 1 };
	int fd, size = 4 << 20;

	fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
	if (fd < 0)
		return -errno;
	/* Events wait here while a RUN program runs: make room for a burst. */
	setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof(size));
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		close(fd);
		return -errno;
	}
	return fd;
}

static pid_t start_trigger(char **argv)
{
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		execvp(argv[0], argv);
		fprintf(stderr, "uevent-rules: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	return pid;
}

int main(int argc, char **argv)
{
	static struct rules rules;
	static struct event ev;
	bool verbose = false, trigger_done = false;
	int quiet_ms = 1000, fd, opt, status = 0, i;
	char buf[8192];
	pid_t trigger;

	while ((opt = getopt(argc, argv, "+vq:")) != -1) {
		if (opt == 'v')
			verbose = true;
		else if (opt == 'q')
			quiet_ms = atoi(optarg);
		else
			goto usage;
	}
	if (argc - optind < 3 || strcmp(argv[optind + 1], "--"))
		goto usage;
	if (parse_rules(argv[optind], &rules) < 0)
		return 2;
	fd = open_uevents();
	if (fd < 0) {
		fprintf(stderr, "uevent-rules: uevent socket: %s\n", strerror(-fd));
		return 2;
	}
	trigger = start_trigger(argv + optind + 2);
	if (trigger < 0) {
		fprintf(stderr, "uevent-rules: fork: %s\n", strerror(-trigger));
		return 2;
	}
	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		ssize_t n;
		int ready;

		if (!trigger_done && waitpid(trigger, &status, WNOHANG) == trigger)
			trigger_done = true;
		/* While COMMAND runs, look at it every 10 ms; then wait for quiet. */
		ready = poll(&pfd, 1, trigger_done ? quiet_ms : 10);
		if (ready < 0 && errno != EINTR)
			break;
		if (ready <= 0) {
			if (trigger_done)
				break;
			continue;
		}
		n = recv(fd, buf, sizeof(buf) - 1, 0);
		if (n < 0) {
			/* ENOBUFS: uevents were lost, and with them what this test checks. */
			fprintf(stderr, "uevent-rules: uevent socket: %s\n", strerror(errno));
			return 1;
		}
		buf[n] = '\0';
		if (parse_uevent(buf, n, &ev) < 0)
			continue;
		if (verbose)
			printf("uevent: %s %s %s %s\n", ev.action,
			       event_var(&ev, "SUBSYSTEM") ?: "-", base_name(ev.devpath),
			       ev.devpath);
		if (apply_rules(&rules, &ev) < 0)
			return 1;
		for (i = 0; i < ev.nruns; i++)
			if (run_command(&ev, ev.runs[i]) < 0)
				return 1;
	}
	close(fd);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "uevent-rules: %s failed\n", argv[optind + 2]);
		return 1;
	}
	return 0;
usage:
	fprintf(stderr, "usage: uevent-rules [-v] [-q MS] RULES -- COMMAND [ARG...]\n");
	return 2;
}
