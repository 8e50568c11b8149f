// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * table-cost: what the table-driven and the compiled decoders cost per IR edge in the
 * userspace VM (make bench, part 6).
 *
 *	table-cost -c LIRCD_CONF -s SIGNAL.txt [-s SIGNAL.txt ...] -r REMOTE
 *	           [-f FRAMES] [-o TABLE.md] [-k DIR] [-P PEER_PROTOCOLS_DIR]
 *	           [-m LIRCD_CONF,SIGNAL.txt,REMOTE ...]
 *
 * lircd_space (bpf_protocols/lircd_space.c) with the first 1, 10 and 100 remotes of
 * LIRCD_CONF loaded (as lircd_keymap turns them into keymap entries, the maps filled
 * as ir-keytable fills them), fed the trains of the SIGNAL files (irsimsend's "pulse
 * N" / "space N" lines, "# REMOTE KEY" before each train, each train followed by a
 * timeout): once the trains of REMOTE alone (a remote that every configuration loads:
 * the same keys must decode), once every train (the traffic of all the remotes).
 *
 * The table-driven lircd decoders side by side: lircd_space on the conf and trains
 * above, then each -m conf (lircd_biphase's, lircd_raw's) with its trains; the family
 * is the keymap protocol of REMOTE's entry. REMOTE alone, the 10 entries of the family
 * around it and the first 100, planned by ir-keytable's planner (bench/lircd-plan.c:
 * what `ir-keytable -w` would attach, merged and spread over programs by the planner
 * itself), fed REMOTE's trains, then every train.
 *
 * The IRP compiler (utils/irp/irp_compile): NEC1, RC5, RC6 and Sony12 from the database,
 * compiled with their database names (the kernel's scancode layouts), against our
 * hand-written ports on one signal of FRAMES frames from the test encoders; then the
 * CPU time of parsing and compiling every protocol of the database that compiles
 * (the best of 5 runs each).
 *
 * With -P (the directory of v4l-utils' decoder objects, pulse_distance.o and
 * pulse_length.o): the peer's route for the same remotes and trains. The keymap as
 * `ir-keytable -v --test-keymap` prints it for v4l-utils (lircd_keymap_peer), each
 * pulse_distance or pulse_length entry one program of the peer's object with the
 * entry's parameters, every program run on every sample as the kernel runs the
 * programs attached to a device; an entry left lircd_space is a remote the peer's
 * decoders cannot decode alike, so the peer's route leaves it out. Beside it, ours
 * (lircd_space as ir-keytable plans it) on the same remotes.
 *
 * The A/C decoder (bpf_protocols/ac.c): for each protocol of the independent test
 * encoder (tests/encoders/ac_encoder.c), FRAMES / 4 messages of random states it can
 * send, decoded with that protocol's layout alone in the map, then with every protocol
 * loaded (as -p ac loads them); beside them the NEC port (nec_bpf) on the IRP part's
 * NEC signal, the cost the issue measures the family against.
 *
 * Writes the tables (markdown) to TABLE.md or stdout, and on stdout "goal NAME
 * key=value ..." lines for bench/run-bench's goals table.
 *
 * -k writes, for the kernel anchor benchmark in the VM (bench/vm/scenarios/
 * bench-native.sh), the IRP cases' signals as rc-loopback takes them in one write
 * (DIR/NAME.ir: the first whole frames of the same signal, at most KERNEL_SAMPLES_MAX
 * samples and KERNEL_DURATION_MAX) and their list (DIR/native.list: "NAME PORT
 * NATIVE SAMPLES", NATIVE the kernel decoder's name in sysfs' protocols).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/lirc.h>

#include "bpf_image.h"
#include "bpf_object.h"
#include "bench-stats.h"
#include "bpf_vm.h"
#include "ac_encoder.h"
#include "ac_protocol.h"
#include "decoders.h"
#include "encoders.h"
#include "irp.h"
#include "irp_compile.h"
#include "irp_database.h"
#include "keymap.h"
#include "lircd_keymap.h"
#include "lircd_keymap_peer.h"
#include "lircd_space_index.h"
#include "lircd_space_table.h"
#include "lircd-plan.h"

#define SEED 0x5eed1234u
#define TRAIN_TIMEOUT 125000		/* µs: rc-loopback's timeout with no kernel decoder */
#define SIGNALS_MAX 8
#define COMPILE_RUNS 5
/*
 * One lirc write to rc-loopback: it stores every sample, and one timeout space, in
 * rc-core's queue of 512 events before its thread reads any (MAX_IR_EVENT_SIZE; more
 * are dropped); and the kernel refuses 500 ms of signal (IR_MAX_DURATION).
 */
#define KERNEL_SAMPLES_MAX 500
#define KERNEL_DURATION_MAX 480000	/* µs */

static uint32_t next_random(uint32_t *state)
{
	uint32_t x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

static int measure(struct bpf_vm *vm, size_t insn_count, const struct ir_signal *s,
		   struct bench_cost *cost, struct ir_error *err)
{
	return bench_cost_measure(&vm, 1, insn_count, s, cost, err);
}

/* --- lircd_space with many remotes --- */

/* The lircd_space remotes of the conf, in file order. */
static int load_remotes(const char *path, struct lircd_space_remote **ret_remotes,
			size_t *ret_count, struct ir_error *err)
{
	struct keymap *keymap = NULL;
	struct lircd_space_remote *remotes = NULL;
	size_t i, k, count = 0;
	int ret;

	ret = lircd_keymap_load_file(path, &keymap, err);
	if (ret < 0)
		return ret;
	remotes = calloc(keymap->protocol_count ? keymap->protocol_count : 1, sizeof(*remotes));
	if (!remotes) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < keymap->protocol_count; i++) {
		const struct keymap_protocol *p = &keymap->protocols[i];

		if (strcmp(p->protocol, "lircd_space"))
			continue;
		for (k = 0; ret == 0 && k < p->param_count; k++) {
			ret = lircd_space_remote_set(&remotes[count], p->params[k].name,
						     p->params[k].value, err);
			/* A parameter of the decoder itself (rc_protocol), not of the remote. */
			if (ret == -ENOENT)
				ret = 0;
		}
		if (ret == 0)
			ret = lircd_space_remote_check(&remotes[count], err);
		if (ret < 0)
			goto out;
		count++;
	}
	*ret_remotes = remotes;
	*ret_count = count;
	remotes = NULL;
out:
	free(remotes);
	keymap_free(keymap);
	return ret;
}

static int lircd_vm(const struct lircd_space_remote *remotes, size_t count,
		    struct bpf_vm **ret_vm, size_t *ret_insns, struct ir_error *err)
{
	static const struct bpf_map_layout remotes_layout = LIRCD_SPACE_REMOTES_MAP_LAYOUT;
	static const struct bpf_map_layout index_layout = LIRCD_SPACE_INDEX_MAP_LAYOUT;
	const struct decoder *d = decoder_find("lircd_space");
	struct lircd_space_index_entry *entries = NULL;
	struct bpf_object *object = NULL;
	struct bpf_image *image = NULL;
	int remotes_map, index_map, ret;
	size_t i, entry_count = 0;

	if (!d) {
		ir_error_set(err, "no embedded decoder 'lircd_space'");
		return -ENOENT;
	}
	ret = lircd_space_index_build(remotes, count, &entries, &entry_count, err);
	if (ret == 0)
		ret = bpf_object_open_memory(d->elf, d->elf_size, d->name, &object, err);
	if (ret == 0)
		ret = bpf_object_relocate(object, NULL, NULL, 0, &image, err);
	if (ret < 0)
		goto out;
	remotes_map = bpf_image_host_map(image, &remotes_layout, err);
	index_map = bpf_image_host_map(image, &index_layout, err);
	if (remotes_map < 0 || index_map < 0) {
		ret = remotes_map < 0 ? remotes_map : index_map;
		goto out;
	}
	ret = bpf_vm_new(image, ret_vm, err);
	if (ret < 0)
		goto out;
	*ret_insns = image->insn_count;
	for (i = 0; ret == 0 && i < count; i++) {
		unsigned int key = (unsigned int)i;

		ret = bpf_vm_map_update(*ret_vm, (size_t)remotes_map, &key, &remotes[i], err);
	}
	for (i = 0; ret == 0 && i < entry_count; i++)
		ret = bpf_vm_map_update(*ret_vm, (size_t)index_map, &entries[i].key,
					&entries[i].value, err);
	if (ret < 0) {
		bpf_vm_free(*ret_vm);
		*ret_vm = NULL;
	}
out:
	free(entries);
	bpf_image_free(image);
	bpf_object_free(object);
	return ret;
}

#define PROGRAMS_MAX 16

/* The programs that ir-keytable attaches for these remotes, and what they hold. */
struct lircd_setup {
	struct bpf_vm *vms[PROGRAMS_MAX];
	size_t program_count;
	size_t class_count;
	size_t insn_count;		/* of all the programs */
};

static void lircd_setup_free(struct lircd_setup *setup)
{
	size_t i;

	for (i = 0; i < setup->program_count; i++)
		bpf_vm_free(setup->vms[i]);
	memset(setup, 0, sizeof(*setup));
}

/*
 * As ir-keytable plans them (utils/plan/plan.c): remotes that decode each other's
 * signals merged into one descriptor, then the descriptors placed in order into the
 * first program whose index still takes them (at most LIRCD_SPACE_CANDIDATES per
 * first pair), a new program when none does.
 */
static int lircd_setup(const struct lircd_space_remote *remotes, size_t count,
		       struct lircd_setup *setup, struct ir_error *err)
{
	struct lircd_space_remote *classes = calloc(count ? count : 1, sizeof(*classes));
	struct lircd_space_remote *tables[PROGRAMS_MAX] = { NULL };
	size_t table_count[PROGRAMS_MAX] = { 0 };
	struct lircd_space_index_entry *entries = NULL;
	size_t i, k, entry_count, insns = 0, tables_used = 0;
	int ret = 0;

	memset(setup, 0, sizeof(*setup));
	if (!classes)
		return -ENOMEM;
	for (i = 0; i < count; i++) {
		for (k = 0; k < setup->class_count; k++)
			if (lircd_space_remote_merge(&classes[k], &remotes[i]))
				break;
		if (k == setup->class_count)
			classes[setup->class_count++] = remotes[i];
	}
	for (i = 0; ret == 0 && i < setup->class_count; i++) {
		for (k = 0; k < PROGRAMS_MAX; k++) {
			if (!tables[k]) {
				tables[k] = calloc(count, sizeof(*tables[k]));
				if (!tables[k]) {
					ret = -ENOMEM;
					break;
				}
				tables_used = k + 1;
			}
			tables[k][table_count[k]] = classes[i];
			ret = lircd_space_index_build(tables[k], table_count[k] + 1, &entries,
						      &entry_count, err);
			free(entries);
			entries = NULL;
			if (ret == -E2BIG) {
				ret = 0;
				continue;
			}
			if (ret == 0)
				table_count[k]++;
			break;
		}
		if (ret == 0 && k == PROGRAMS_MAX) {
			ir_error_set(err, "more than %d lircd_space programs", PROGRAMS_MAX);
			ret = -E2BIG;
		}
	}
	for (k = 0; ret == 0 && k < tables_used; k++) {
		ret = lircd_vm(tables[k], table_count[k], &setup->vms[k], &insns, err);
		if (ret == 0) {
			setup->program_count++;
			setup->insn_count += insns;
		}
	}
	for (k = 0; k < tables_used; k++)
		free(tables[k]);
	free(classes);
	if (ret < 0)
		lircd_setup_free(setup);
	return ret;
}

/*
 * The trains of an irsimsend file: of the remote named only (NULL: all), each one
 * followed by a timeout. Returns the number of trains taken, or a negative errno.
 */
static int read_trains(const char *path, const char *only, struct ir_signal *s,
		       struct ir_error *err)
{
	FILE *in = fopen(path, "r");
	char line[256], remote[128], key[128], more;
	bool taking = false, in_train = false;
	unsigned int lineno = 0, us;
	int trains = 0, ret = 0;

	if (!in) {
		ir_error_set(err, "%s: %s", path, strerror(errno));
		return -errno;
	}
	while (ret == 0 && fgets(line, sizeof(line), in)) {
		lineno++;
		if (line[0] == '#') {
			/* "# REMOTE KEY" starts a train; other comments have more words. */
			if (sscanf(line, "# %127s %127s %c", remote, key, &more) == 2) {
				if (in_train)
					ret = ir_signal_timeout(s, TRAIN_TIMEOUT);
				in_train = false;
				taking = !only || !strcmp(remote, only);
			}
			continue;
		}
		if (!taking)
			continue;
		if (sscanf(line, "pulse %u", &us) == 1) {
			ret = ir_signal_pulse(s, us);
		} else if (sscanf(line, "space %u", &us) == 1) {
			ret = ir_signal_space(s, us);
		} else if (line[0] != '\n') {
			ir_error_set(err, "%s:%u: not a pulse or space line", path, lineno);
			ret = -EINVAL;
			break;
		} else {
			continue;
		}
		if (!in_train && ret == 0)
			trains++;
		in_train = true;
	}
	if (ret == 0 && in_train)
		ret = ir_signal_timeout(s, TRAIN_TIMEOUT);
	fclose(in);
	return ret < 0 ? ret : trains;
}

struct lircd_config {
	const char *conf;
	const char *signals[SIGNALS_MAX];
	size_t signal_count;
	const char *remote;
};

/*
 * The trains of c's signal files: sig[0] and trains[0] those of c's remote alone,
 * sig[1] and trains[1] every remote's.
 */
static int read_config_trains(const struct lircd_config *c, struct ir_signal sig[2],
			      int trains[2], struct ir_error *err)
{
	size_t i;
	int ret;

	for (i = 0; i < c->signal_count; i++) {
		ret = read_trains(c->signals[i], c->remote, &sig[0], err);
		if (ret < 0)
			return ret;
		trains[0] += ret;
		ret = read_trains(c->signals[i], NULL, &sig[1], err);
		if (ret < 0)
			return ret;
		trains[1] += ret;
	}
	return 0;
}

static int lircd_part(const struct lircd_config *c, FILE *out)
{
	static const size_t loaded[] = { 1, 10, 100 };
	struct lircd_space_remote *remotes = NULL, *subset = NULL;
	struct ir_signal sig[2];
	struct bench_cost cost[2][3];
	struct lircd_setup setup[3] = { 0 };
	struct ir_error err = { 0 };
	size_t i, n, all = 0, first = 0;
	int trains[2] = { 0, 0 }, ret;

	ir_signal_init(&sig[0]);
	ir_signal_init(&sig[1]);
	ret = load_remotes(c->conf, &remotes, &all, &err);
	if (ret >= 0)
		ret = read_config_trains(c, sig, trains, &err);
	if (ret < 0)
		goto out;
	if (all < 100 || !trains[0]) {
		ir_error_set(&err, "%s: %zu lircd_space remotes and %d "
			     "trains of %s (100 and at least 1 needed)", c->conf, all, trains[0],
			     c->remote);
		ret = -EINVAL;
		goto out;
	}
	/* Every configuration holds the remote whose keys are sent alone. */
	first = (size_t)strtoul(c->remote + strcspn(c->remote, "0123456789"), NULL, 10);
	if (first >= all)
		first = 0;
	subset = calloc(all, sizeof(*subset));
	if (!subset) {
		ret = -ENOMEM;
		goto out;
	}
	for (n = 0; n < 3; n++) {
		size_t count = loaded[n], base = first / count * count;

		memcpy(subset, remotes + (count == 1 ? first : base), count * sizeof(*subset));
		for (i = 0; i < 2; i++) {
			ret = lircd_setup(subset, count, &setup[n], &err);
			if (ret == 0)
				ret = bench_cost_measure(setup[n].vms, setup[n].program_count,
							 setup[n].insn_count, &sig[i],
							 &cost[i][n], &err);
			if (ret < 0)
				goto out;
			if (i == 0)
				lircd_setup_free(&setup[n]);
		}
	}
	fprintf(out, "| signal | remotes loaded | descriptors (merged) | programs | samples | "
		"insns | per sample median / p99 / max / mean | events | mean / 1 remote's | "
		"max / 1 remote's |\n");
	fprintf(out, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
	for (i = 0; i < 2; i++) {
		for (n = 0; n < 3; n++) {
			if (i == 0)
				fprintf(out, "| %s's %d trains |", c->remote, trains[0]);
			else
				fprintf(out, "| all %d trains (every remote) |", trains[1]);
			fprintf(out, " %zu | %zu | %zu | %zu |", loaded[n], setup[n].class_count,
				setup[n].program_count, cost[i][n].samples);
			bench_cost_print_cells(out, &cost[i][n]);
			fprintf(out, " %.2f | %.2f |\n", cost[i][n].mean / cost[i][0].mean,
				(double)cost[i][n].max / (double)cost[i][0].max);
		}
	}
	printf("goal lircd remote=%s mean1=%.1f mean100=%.1f max1=%" PRIu64 " max100=%" PRIu64
	       " events1=%zu events100=%zu allmean1=%.1f allmean100=%.1f allmax1=%" PRIu64
	       " allmax100=%" PRIu64 "\n", c->remote, cost[0][0].mean, cost[0][2].mean,
	       cost[0][0].max, cost[0][2].max, cost[0][0].events, cost[0][2].events,
	       cost[1][0].mean, cost[1][2].mean, cost[1][0].max, cost[1][2].max);
out:
	if (ret < 0)
		fprintf(stderr, "table-cost: lircd_space: %s\n",
			err.message[0] ? err.message : strerror(-ret));
	for (n = 0; n < 3; n++)
		lircd_setup_free(&setup[n]);
	ir_signal_free(&sig[0]);
	ir_signal_free(&sig[1]);
	free(subset);
	free(remotes);
	return ret < 0 ? ret : 0;
}

/* --- the peer's route: the printed keymap on v4l-utils' generic decoder objects --- */

#define PEER_PROGRAMS_MAX 128

struct peer_setup {
	struct bpf_vm *vms[PEER_PROGRAMS_MAX];
	size_t program_count;
	size_t insn_count;
};

static void peer_setup_free(struct peer_setup *setup)
{
	size_t i;

	for (i = 0; i < setup->program_count; i++)
		bpf_vm_free(setup->vms[i]);
	memset(setup, 0, sizeof(*setup));
}

/* One program of the peer's object NAME.o with the entry's parameters. */
static int peer_vm(const char *dir, const struct keymap_protocol *p, struct bpf_vm **ret_vm,
		   size_t *ret_insns, struct ir_error *err)
{
	struct bpf_param_value params[32];
	struct bpf_object *object = NULL;
	struct bpf_image *image = NULL;
	char path[4096];
	size_t i;
	int ret;

	if (p->param_count > sizeof(params) / sizeof(params[0])) {
		ir_error_set(err, "%s: too many parameters", p->name);
		return -E2BIG;
	}
	for (i = 0; i < p->param_count; i++) {
		params[i].name = p->params[i].name;
		params[i].value = p->params[i].value;
	}
	snprintf(path, sizeof(path), "%s/%s.o", dir, p->protocol);
	ret = bpf_object_open_file(path, &object, err);
	for (i = 0; ret == 0 && i < p->param_count; i++) {
		if (bpf_object_param_find(object, params[i].name) < 0) {
			ir_error_set(err, "%s: the peer's %s has no parameter %s", p->name,
				     p->protocol, params[i].name);
			ret = -ENOENT;
		}
	}
	if (ret == 0)
		ret = bpf_object_relocate(object, NULL, params, p->param_count, &image, err);
	if (ret == 0)
		ret = bpf_vm_new(image, ret_vm, err);
	if (ret == 0)
		*ret_insns = image->insn_count;
	bpf_image_free(image);
	bpf_object_free(object);
	return ret;
}

/*
 * The lircd_space entries of the conf's keymap in file order (as load_remotes() takes
 * them), printed for the peer; *ret_index[i] is the keymap entry of remote i.
 */
static int peer_keymap(const char *conf, struct keymap **ret_keymap, size_t **ret_index,
		       size_t *ret_count, struct ir_error *err)
{
	struct keymap *keymap = NULL;
	size_t *index = NULL, i, count = 0;
	int ret;

	ret = lircd_keymap_load_file(conf, &keymap, err);
	if (ret < 0)
		return ret;
	index = calloc(keymap->protocol_count ? keymap->protocol_count : 1, sizeof(*index));
	if (!index) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < keymap->protocol_count; i++)
		if (!strcmp(keymap->protocols[i].protocol, "lircd_space"))
			index[count++] = i;
	ret = lircd_keymap_peer_form(keymap);
	if (ret < 0)
		goto out;
	*ret_keymap = keymap;
	*ret_index = index;
	*ret_count = count;
	return 0;
out:
	free(index);
	keymap_free(keymap);
	return ret;
}

static int peer_part(const struct lircd_config *c, const char *dir, FILE *out)
{
	static const size_t loaded[] = { 1, 10, 100 };
	struct lircd_space_remote *remotes = NULL, *subset = NULL;
	struct keymap *keymap = NULL;
	size_t *index = NULL, i, k, n, all = 0, entries = 0, first = 0, expressed[3] = { 0 };
	struct ir_signal sig[2];
	struct bench_cost ours[2][3], peer[2][3];
	struct lircd_setup setup = { 0 };
	struct peer_setup psetup = { 0 };
	struct ir_error err = { 0 };
	int trains[2] = { 0, 0 }, ret;

	ir_signal_init(&sig[0]);
	ir_signal_init(&sig[1]);
	ret = load_remotes(c->conf, &remotes, &all, &err);
	if (ret == 0)
		ret = peer_keymap(c->conf, &keymap, &index, &entries, &err);
	if (ret == 0 && entries != all) {
		ir_error_set(&err, "%s: %zu lircd_space entries, %zu remotes", c->conf, entries,
			     all);
		ret = -EINVAL;
	}
	for (i = 0; ret >= 0 && i < c->signal_count; i++) {
		ret = read_trains(c->signals[i], c->remote, &sig[0], &err);
		if (ret >= 0)
			trains[0] += ret;
		if (ret >= 0)
			ret = read_trains(c->signals[i], NULL, &sig[1], &err);
		if (ret >= 0)
			trains[1] += ret;
	}
	if (ret < 0)
		goto out;
	if (all < 100) {
		ir_error_set(&err, "%s: %zu lircd_space remotes (100 needed)", c->conf, all);
		ret = -EINVAL;
		goto out;
	}
	first = (size_t)strtoul(c->remote + strcspn(c->remote, "0123456789"), NULL, 10);
	if (first >= all)
		first = 0;
	subset = calloc(all, sizeof(*subset));
	if (!subset) {
		ret = -ENOMEM;
		goto out;
	}
	/* The same remotes as lircd_part() loads: many_007 alone, then its 10, then 100. */
	for (n = 0; n < 3; n++) {
		size_t count = loaded[n], base = count == 1 ? first : first / count * count;

		memcpy(subset, remotes + base, count * sizeof(*subset));
		for (i = 0; i < 2; i++) {
			ret = lircd_setup(subset, count, &setup, &err);
			if (ret == 0)
				ret = bench_cost_measure(setup.vms, setup.program_count,
							 setup.insn_count, &sig[i],
							 &ours[i][n], &err);
			lircd_setup_free(&setup);
			for (k = 0; ret == 0 && k < count; k++) {
				const struct keymap_protocol *p = &keymap->protocols[index[base + k]];
				size_t insns;

				if (!strcmp(p->protocol, "lircd_space"))
					continue;	/* the peer cannot decode it alike */
				if (psetup.program_count == PEER_PROGRAMS_MAX) {
					ret = -E2BIG;
					break;
				}
				ret = peer_vm(dir, p, &psetup.vms[psetup.program_count], &insns,
					      &err);
				if (ret == 0) {
					psetup.program_count++;
					psetup.insn_count += insns;
				}
			}
			expressed[n] = psetup.program_count;
			if (ret == 0)
				ret = bench_cost_measure(psetup.vms, psetup.program_count,
							 psetup.insn_count, &sig[i],
							 &peer[i][n], &err);
			peer_setup_free(&psetup);
			if (ret < 0)
				goto out;
		}
	}
	fprintf(out, "| signal | remotes loaded | the peer's route: remotes it decodes alike "
		"(programs) | ours: per sample median / p99 / max / mean | ours: events | "
		"peer's route: per sample median / p99 / max / mean | peer's route: events | "
		"mean, peer / ours |\n");
	fprintf(out, "|---|--:|--:|--:|--:|--:|--:|--:|\n");
	for (i = 0; i < 2; i++) {
		for (n = 0; n < 3; n++) {
			if (i == 0)
				fprintf(out, "| %s's %d trains |", c->remote, trains[0]);
			else
				fprintf(out, "| all %d trains (every remote) |", trains[1]);
			fprintf(out, " %zu | %zu |", loaded[n], expressed[n]);
			bench_cost_print_per_sample(out, &ours[i][n]);
			fprintf(out, " %zu |", ours[i][n].events);
			bench_cost_print_per_sample(out, &peer[i][n]);
			fprintf(out, " %zu |", peer[i][n].events);
			fprintf(out, " %.2f |\n", ours[i][n].mean > 0 ?
				peer[i][n].mean / ours[i][n].mean : 0.0);
		}
	}
	printf("goal peer-route remote=%s expressed100=%zu ours_mean1=%.1f ours_mean100=%.1f "
	       "peer_mean1=%.1f peer_mean100=%.1f ours_allmean100=%.1f peer_allmean100=%.1f\n",
	       c->remote, expressed[2], ours[0][0].mean, ours[0][2].mean, peer[0][0].mean,
	       peer[0][2].mean, ours[1][2].mean, peer[1][2].mean);
out:
	if (ret < 0)
		fprintf(stderr, "table-cost: the peer's route: %s\n",
			err.message[0] ? err.message : strerror(-ret));
	lircd_setup_free(&setup);
	peer_setup_free(&psetup);
	ir_signal_free(&sig[0]);
	ir_signal_free(&sig[1]);
	free(subset);
	free(remotes);
	free(index);
	keymap_free(keymap);
	return ret < 0 ? ret : 0;
}

/* --- the three table-driven lircd decoders side by side, as ir-keytable plans them --- */

#define FAMILIES_MAX 4

/*
 * One family's figures: the remote named alone, the 10 of the file around it (as
 * lircd_part() takes them) and the first 100, each fed the remote's trains, then every
 * train.
 */
static int family_part(const struct lircd_config *c, FILE *out)
{
	static const size_t loaded[] = { 1, 10, 100 };
	struct keymap *keymap = NULL;
	size_t *entries = NULL, i, n, all = 0, first = SIZE_MAX;
	const char *family = NULL;
	struct ir_signal sig[2];
	struct bench_cost cost[2][3];
	size_t programs[3] = { 0 };
	struct family_setup setup = { 0 };
	struct ir_error err = { 0 };
	int trains[2] = { 0, 0 }, ret;

	ir_signal_init(&sig[0]);
	ir_signal_init(&sig[1]);
	ret = lircd_keymap_load_file(c->conf, &keymap, &err);
	if (ret < 0)
		goto out;
	/* The family is the protocol of the remote sent alone; its entries, in file order. */
	for (i = 0; i < keymap->protocol_count; i++)
		if (keymap->protocols[i].name && !strcmp(keymap->protocols[i].name, c->remote))
			family = keymap->protocols[i].protocol;
	entries = calloc(keymap->protocol_count ? keymap->protocol_count : 1, sizeof(*entries));
	if (!entries) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; family && i < keymap->protocol_count; i++) {
		if (strcmp(keymap->protocols[i].protocol, family))
			continue;
		if (!strcmp(keymap->protocols[i].name, c->remote))
			first = all;
		entries[all++] = i;
	}
	ret = read_config_trains(c, sig, trains, &err);
	if (ret < 0)
		goto out;
	if (!family || all < 100 || !trains[0]) {
		ir_error_set(&err, "%s: %zu remotes of %s's protocol and %d trains of it "
			     "(100 and at least 1 needed)", c->conf, all, c->remote, trains[0]);
		ret = -EINVAL;
		goto out;
	}
	for (n = 0; n < 3; n++) {
		size_t count = loaded[n], base = count == 1 ? first : first / count * count;

		if (base + count > all)
			base = all - count;	/* the last entries, REMOTE among them */
		for (i = 0; i < 2; i++) {
			ret = family_setup(keymap, entries + base, count, &setup, &err);
			if (ret == 0)
				ret = bench_cost_measure(setup.vms, setup.program_count,
							 setup.insn_count, &sig[i],
							 &cost[i][n], &err);
			programs[n] = setup.program_count;
			family_setup_free(&setup);
			if (ret < 0)
				goto out;
		}
	}
	for (i = 0; i < 2; i++) {
		for (n = 0; n < 3; n++) {
			fprintf(out, "| %s |", family);
			if (i == 0)
				fprintf(out, " %s's %d trains |", c->remote, trains[0]);
			else
				fprintf(out, " all %d trains (every remote) |", trains[1]);
			fprintf(out, " %zu | %zu | %zu |", loaded[n], programs[n],
				cost[i][n].samples);
			bench_cost_print_cells(out, &cost[i][n]);
			fprintf(out, " %.2f | %.2f |\n", cost[i][n].mean / cost[i][0].mean,
				(double)cost[i][n].max / (double)cost[i][0].max);
		}
	}
	printf("goal family name=%s remote=%s trains=%d alltrains=%d mean1=%.1f mean10=%.1f "
	       "mean100=%.1f median1=%" PRIu64 " median100=%" PRIu64 " max1=%" PRIu64
	       " max100=%" PRIu64 " events1=%zu events10=%zu events100=%zu allmean1=%.1f "
	       "allmean100=%.1f allevents100=%zu programs100=%zu\n", family, c->remote,
	       trains[0], trains[1], cost[0][0].mean, cost[0][1].mean, cost[0][2].mean,
	       cost[0][0].median, cost[0][2].median, cost[0][0].max, cost[0][2].max,
	       cost[0][0].events, cost[0][1].events, cost[0][2].events, cost[1][0].mean,
	       cost[1][2].mean, cost[1][2].events, programs[2]);
out:
	if (ret < 0)
		fprintf(stderr, "table-cost: %s: %s\n", c->conf,
			err.message[0] ? err.message : strerror(-ret));
	family_setup_free(&setup);
	ir_signal_free(&sig[0]);
	ir_signal_free(&sig[1]);
	free(entries);
	keymap_free(keymap);
	return ret < 0 ? ret : 0;
}

static int families_part(const struct lircd_config *families, size_t count, FILE *out)
{
	size_t i;
	int ret = 0;

	fprintf(out, "| decoder | signal | remotes loaded | programs | samples | insns | "
		"per sample median / p99 / max / mean | events | mean / 1 remote's | "
		"max / 1 remote's |\n");
	fprintf(out, "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|\n");
	for (i = 0; ret == 0 && i < count; i++)
		ret = family_part(&families[i], out);
	return ret;
}

/* --- IRP-compiled decoders against the hand-written ones --- */

static int nec_frame(struct ir_signal *s, uint32_t *state)
{
	uint32_t address = next_random(state) & 0xff, command = next_random(state) & 0xff;
	int ret = encode_nec(s, RC_PROTO_NEC, address << 8 | command);

	/* A short press: the frame and two repeats. */
	if (ret == 0)
		ret = encode_nec_repeat(s);
	if (ret == 0)
		ret = encode_nec_repeat(s);
	return ret;
}

static int rc5_frame(struct ir_signal *s, uint32_t *state)
{
	uint32_t r = next_random(state);

	return encode_rc5(s, RC_PROTO_RC5, r & 0x1f3f, r >> 16 & 1);
}

static int rc6_frame(struct ir_signal *s, uint32_t *state)
{
	uint32_t r = next_random(state);

	return encode_rc6(s, RC_PROTO_RC6_0, r & 0xffff, r >> 16 & 1);
}

static int sony12_frame(struct ir_signal *s, uint32_t *state)
{
	return encode_sony(s, RC_PROTO_SONY12, next_random(state) & 0x1f007f);
}

static const struct irp_case {
	const char *irp_name;		/* in the database */
	const char *port;		/* our hand-written decoder */
	const char *native;		/* the kernel's decoder, as sysfs names it */
	int (*frame)(struct ir_signal *s, uint32_t *state);
} irp_cases[] = {
	{ "NEC1", "nec_bpf", "nec", nec_frame },
	{ "RC5", "rc5_bpf", "rc-5", rc5_frame },
	{ "RC6", "rc6_bpf", "rc-6", rc6_frame },
	{ "Sony12", "sony_bpf", "sony", sony12_frame },
};

static int port_vm(const char *name, struct bpf_vm **ret_vm, size_t *ret_insns,
		   struct ir_error *err)
{
	const struct decoder *d = decoder_find(name);
	struct bpf_object *object = NULL;
	struct bpf_image *image = NULL;
	int ret;

	if (!d) {
		ir_error_set(err, "no embedded decoder '%s'", name);
		return -ENOENT;
	}
	ret = bpf_object_open_memory(d->elf, d->elf_size, d->name, &object, err);
	if (ret == 0)
		ret = bpf_object_relocate(object, NULL, NULL, 0, &image, err);
	if (ret == 0)
		ret = bpf_vm_new(image, ret_vm, err);
	if (ret == 0)
		*ret_insns = image->insn_count;
	bpf_image_free(image);
	bpf_object_free(object);
	return ret;
}

/* Parses and compiles a database entry; -EOPNOTSUPP etc. for one that does not. */
static int compile_entry(const struct irp_database_entry *entry, struct bpf_image **ret_image,
			 struct ir_error *err)
{
	struct irp_compile_options options;
	struct irp_protocol *protocol = NULL;
	int ret;

	ret = irp_parse(entry->irp, strlen(entry->irp), &protocol, err);
	if (ret < 0)
		return ret;
	irp_compile_options_init(&options, entry->parameters);
	options.name = entry->name;
	ret = irp_compile(protocol, &options, ret_image, err);
	irp_protocol_free(protocol);
	return ret;
}

static int irp_vm(const char *name, struct bpf_vm **ret_vm, size_t *ret_insns,
		  struct ir_error *err)
{
	const struct irp_database_entry *entry = irp_database_find(name);
	struct bpf_image *image = NULL;
	int ret;

	if (!entry) {
		ir_error_set(err, "no protocol '%s' in the IRP database", name);
		return -ENOENT;
	}
	ret = compile_entry(entry, &image, err);
	if (ret == 0)
		ret = bpf_vm_new(image, ret_vm, err);
	if (ret == 0)
		*ret_insns = image->insn_count;
	bpf_image_free(image);
	return ret;
}

static double cpu_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int irp_part(size_t frames, FILE *out)
{
	struct ir_error err = { 0 };
	double worst_mean = 0, worst_max = 0, best_mean = 0;
	double total = 0, slowest = 0;
	const char *slowest_name = "";
	size_t i, f, compiled = 0, refused = 0, decodable = 0;
	int ret = 0;

	fprintf(out, "| protocol | samples | IRP: insns | IRP: per sample median / p99 / max / "
		"mean | IRP: events | port: insns | port: per sample median / p99 / max / mean | "
		"port: events | ratio of means | ratio of maxima |\n");
	fprintf(out, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
	for (i = 0; i < sizeof(irp_cases) / sizeof(irp_cases[0]); i++) {
		const struct irp_case *c = &irp_cases[i];
		struct bench_cost irp_cost, port_cost;
		struct bpf_vm *vm = NULL;
		struct ir_signal s;
		uint32_t state = SEED;
		size_t insns = 0;
		double rmean, rmax;

		ir_signal_init(&s);
		for (f = 0; ret == 0 && f < frames; f++)
			ret = c->frame(&s, &state);
		if (ret == 0)
			ret = irp_vm(c->irp_name, &vm, &insns, &err);
		if (ret == 0)
			ret = measure(vm, insns, &s, &irp_cost, &err);
		bpf_vm_free(vm);
		vm = NULL;
		if (ret == 0)
			ret = port_vm(c->port, &vm, &insns, &err);
		if (ret == 0)
			ret = measure(vm, insns, &s, &port_cost, &err);
		bpf_vm_free(vm);
		if (ret < 0) {
			fprintf(stderr, "table-cost: %s: %s\n", c->irp_name, err.message);
			ir_signal_free(&s);
			return ret;
		}
		rmean = irp_cost.mean / port_cost.mean;
		rmax = (double)irp_cost.max / (double)port_cost.max;
		fprintf(out, "| %s vs %s | %zu |", c->irp_name, c->port, s.count);
		bench_cost_print_cells(out, &irp_cost);
		bench_cost_print_cells(out, &port_cost);
		fprintf(out, " %.2f | %.2f |\n", rmean, rmax);
		printf("goal irp-case name=%s mean_ratio=%.2f max_ratio=%.2f events=%zu "
		       "port_events=%zu\n", c->irp_name, rmean, rmax, irp_cost.events,
		       port_cost.events);
		if (i == 0 || rmean > worst_mean)
			worst_mean = rmean;
		if (i == 0 || rmean < best_mean)
			best_mean = rmean;
		if (i == 0 || rmax > worst_max)
			worst_max = rmax;
		ir_signal_free(&s);
	}
	fprintf(out, "\n");

	for (i = 0; i < irp_database_count(); i++) {
		const struct irp_database_entry *entry = irp_database_at(i);
		struct bpf_image *image = NULL;
		double best = 0, t;
		int run;

		if (!irp_database_decodable(entry))
			continue;
		decodable++;
		for (run = 0; run < COMPILE_RUNS; run++) {
			t = cpu_ms();
			ret = compile_entry(entry, &image, &err);
			t = cpu_ms() - t;
			bpf_image_free(image);
			image = NULL;
			if (ret < 0)
				break;
			if (run == 0 || t < best)
				best = t;
		}
		if (ret == -ENOMEM)
			return ret;
		if (ret < 0) {
			refused++;
			ret = 0;
			continue;
		}
		compiled++;
		total += best;
		if (best > slowest) {
			slowest = best;
			slowest_name = entry->name;
		}
	}
	fprintf(out, "| database protocols | decodable | compiled | refused | compile time, "
		"slowest | compile time, all compiled |\n");
	fprintf(out, "|--:|--:|--:|--:|--:|--:|\n");
	fprintf(out, "| %zu | %zu | %zu | %zu | %.3f ms (%s) | %.1f ms |\n",
		irp_database_count(), decodable, compiled, refused, slowest, slowest_name,
		total);
	printf("goal irp worst_mean_ratio=%.2f best_mean_ratio=%.2f worst_max_ratio=%.2f\n",
	       worst_mean, best_mean, worst_max);
	printf("goal compile count=%zu refused=%zu max_ms=%.3f max_name=%s total_ms=%.1f\n",
	       compiled, refused, slowest, slowest_name, total);
	return 0;
}

/* The first whole frames of a case's signal that fit in one write to rc-loopback. */
/* --- the A/C decoder with one protocol and with all --- */

/* The ac decoder with the layouts of protocols[0 .. count - 1] (ac_protocol_at()). */
static int ac_vm(const size_t *protocols, size_t count, struct bpf_vm **ret_vm,
		 size_t *ret_insns, struct ir_error *err)
{
	const struct bpf_param_value param = { "protocols", (int64_t)count };
	const struct decoder *d = decoder_find("ac");
	struct bpf_object *object = NULL;
	struct bpf_image *image = NULL;
	unsigned int key;
	int ret, map;

	if (!d) {
		ir_error_set(err, "no embedded decoder 'ac'");
		return -ENOENT;
	}
	ret = bpf_object_open_memory(d->elf, d->elf_size, d->name, &object, err);
	if (ret == 0)
		ret = bpf_object_relocate(object, NULL, &param, 1, &image, err);
	if (ret == 0)
		ret = bpf_vm_new(image, ret_vm, err);
	if (ret == 0)
		*ret_insns = image->insn_count;
	bpf_image_free(image);
	bpf_object_free(object);
	if (ret < 0)
		return ret;
	map = bpf_vm_map_find(*ret_vm, AC_PROTOCOLS_MAP);
	if (map < 0) {
		ir_error_set(err, "ac: no map '%s'", AC_PROTOCOLS_MAP);
		ret = -ENOENT;
	}
	for (key = 0; ret == 0 && key < count; key++)
		ret = bpf_vm_map_update(*ret_vm, (size_t)map, &key,
					ac_protocol_at(protocols[key])->layout, err);
	if (ret < 0) {
		bpf_vm_free(*ret_vm);
		*ret_vm = NULL;
	}
	return ret;
}

/* A random state the encoder can send in protocol p's bytes (it refuses the others). */
static int ac_random_bytes(enum ac_enc_protocol p, uint32_t *state, uint8_t *bytes,
			   size_t *ret_count)
{
	struct ac_enc_state s;
	unsigned int tries, f;

	for (tries = 0; tries < 100000; tries++) {
		s.power = next_random(state) % 3;
		s.mode = 1 + next_random(state) % 5;
		s.temp_half = 2 * (16 + next_random(state) % 17);
		s.fan = 1 + next_random(state) % 6;
		s.swing_v = next_random(state) % 8;
		s.swing_h = next_random(state) % 8;
		for (f = 0; f < AC_ENC_FLAGS; f++)
			s.flags[f] = 1 + next_random(state) % 2;
		if (ac_encode_bytes(p, &s, bytes, ret_count) == 0)
			return 0;
	}
	return -EINVAL;
}

static int ac_signal(enum ac_enc_protocol p, size_t messages, struct ir_signal *s)
{
	uint8_t bytes[AC_ENC_BYTES_MAX];
	uint32_t state = SEED;
	size_t i, count;
	int ret = 0;

	for (i = 0; ret == 0 && i < messages; i++) {
		ret = ac_random_bytes(p, &state, bytes, &count);
		if (ret == 0)
			ret = ac_encode_signal(p, bytes, count, NULL, s);
	}
	return ret;
}

/* The protocol's index in ac_protocol_at() order: the encoder's and the table's names. */
static const char *const ac_names[AC_ENC_MAX] = {
	[AC_ENC_GREE] = "gree", [AC_ENC_COOLIX] = "coolix",
	[AC_ENC_MITSUBISHI_AC] = "mitsubishi_ac", [AC_ENC_DAIKIN] = "daikin",
	[AC_ENC_MIDEA] = "midea", [AC_ENC_FUJITSU_AC] = "fujitsu_ac",
	[AC_ENC_TOSHIBA_AC] = "toshiba_ac", [AC_ENC_PANASONIC_AC] = "panasonic_ac",
	[AC_ENC_LG] = "lg", [AC_ENC_HITACHI_AC] = "hitachi_ac", [AC_ENC_HAIER_AC] = "haier_ac",
	[AC_ENC_SAMSUNG_AC] = "samsung_ac", [AC_ENC_WHIRLPOOL_AC] = "whirlpool_ac",
	[AC_ENC_LG2] = "lg2", [AC_ENC_DAIKIN2] = "daikin2", [AC_ENC_TROTEC] = "trotec",
	[AC_ENC_DAIKIN152] = "daikin152",
	[AC_ENC_MITSUBISHI_HEAVY_152] = "mitsubishi_heavy_152",
	[AC_ENC_MITSUBISHI_HEAVY_88] = "mitsubishi_heavy_88",
	[AC_ENC_RHOSS] = "rhoss",
	[AC_ENC_TECHNIBEL_AC] = "technibel_ac",
	[AC_ENC_CORONA_AC] = "corona_ac", [AC_ENC_GOODWEATHER] = "goodweather",
	[AC_ENC_ELECTRA_AC] = "electra_ac",
	[AC_ENC_CARRIER_AC64] = "carrier_ac64", [AC_ENC_SANYO_AC] = "sanyo_ac",
	[AC_ENC_SHARP_AC] = "sharp_ac",
	[AC_ENC_DAIKIN160] = "daikin160",
	[AC_ENC_TCL112AC] = "tcl112ac",
	[AC_ENC_DAIKIN176] = "daikin176",
	[AC_ENC_FUJITSU_AC_ARDB1] = "fujitsu_ac_ardb1",
	[AC_ENC_DAIKIN216] = "daikin216",
	[AC_ENC_VESTEL_AC] = "vestel_ac",
	[AC_ENC_NEOCLIMA] = "neoclima",
};

/* One protocol's signal, its layout alone and every layout loaded; 0 or -errno. */
static int ac_row(enum ac_enc_protocol p, size_t messages, FILE *out,
		  struct bench_cost *ret_one, struct bench_cost *ret_all)
{
	const struct ac_protocol_info *info = ac_protocol_find(ac_names[p]);
	size_t all[AC_PROTOCOLS_MAX], one, i, insns = 0;
	struct ir_error err = { 0 };
	struct bpf_vm *vm = NULL;
	struct ir_signal s;
	int ret;

	if (!info) {
		fprintf(stderr, "table-cost: no A/C protocol '%s'\n", ac_names[p]);
		return -ENOENT;
	}
	one = (size_t)(info - ac_protocol_at(0));
	for (i = 0; i < ac_protocol_count(); i++)
		all[i] = i;
	ir_signal_init(&s);
	ret = ac_signal(p, messages, &s);
	if (ret < 0)
		ir_error_set(&err, "the encoder sends no state");
	if (ret == 0)
		ret = ac_vm(&one, 1, &vm, &insns, &err);
	if (ret == 0)
		ret = measure(vm, insns, &s, ret_one, &err);
	bpf_vm_free(vm);
	vm = NULL;
	if (ret == 0)
		ret = ac_vm(all, ac_protocol_count(), &vm, &insns, &err);
	if (ret == 0)
		ret = measure(vm, insns, &s, ret_all, &err);
	bpf_vm_free(vm);
	if (ret < 0) {
		fprintf(stderr, "table-cost: ac %s: %s\n", ac_names[p], err.message);
	} else {
		fprintf(out, "| %s | %zu | %zu |", ac_names[p], messages, s.count);
		bench_cost_print_per_sample(out, ret_one);
		fprintf(out, " %zu |", ret_one->events);
		bench_cost_print_per_sample(out, ret_all);
		fprintf(out, " %zu | %.2f |\n", ret_all->events, ret_all->mean / ret_one->mean);
	}
	ir_signal_free(&s);
	return ret;
}

static int ac_part(size_t frames, FILE *out)
{
	struct bench_cost one, all, nec;
	struct ir_error err = { 0 };
	struct bpf_vm *vm = NULL;
	double worst = 0, median_one = 0, median_all = 0;
	size_t messages = frames / 4 ? frames / 4 : 1, rows = 0, insns = 0, f;
	struct ir_signal s;
	uint32_t state = SEED;
	unsigned int p;
	int ret = 0;

	fprintf(out, "| protocol | messages | samples | alone: per sample median / p99 / max / "
		"mean | alone: events | all %zu loaded: per sample median / p99 / max / mean | "
		"all: events | ratio of means |\n", ac_protocol_count());
	fprintf(out, "|---|--:|--:|--:|--:|--:|--:|--:|\n");
	for (p = 0; ret == 0 && p < AC_ENC_MAX; p++) {
		ret = ac_row((enum ac_enc_protocol)p, messages, out, &one, &all);
		if (ret < 0)
			break;
		if (all.mean / one.mean > worst)
			worst = all.mean / one.mean;
		if ((double)one.median > median_one)
			median_one = (double)one.median;
		if ((double)all.median > median_all)
			median_all = (double)all.median;
		rows++;
	}
	ir_signal_init(&s);
	for (f = 0; ret == 0 && f < frames; f++)
		ret = nec_frame(&s, &state);
	if (ret == 0)
		ret = port_vm("nec_bpf", &vm, &insns, &err);
	if (ret == 0)
		ret = measure(vm, insns, &s, &nec, &err);
	bpf_vm_free(vm);
	if (ret == 0) {
		fprintf(out, "| NEC port (nec_bpf), for comparison | %zu | %zu |", frames, s.count);
		bench_cost_print_per_sample(out, &nec);
		fprintf(out, " %zu | | | |\n", nec.events);
		printf("goal ac protocols=%zu worst_mean_ratio=%.2f worst_median1=%.0f "
		       "worst_median_all=%.0f nec_median=%" PRIu64 " nec_mean=%.1f\n", rows, worst,
		       median_one, median_all, nec.median, nec.mean);
	} else if (err.message[0]) {
		fprintf(stderr, "table-cost: nec_bpf: %s\n", err.message);
	}
	ir_signal_free(&s);
	return ret;
}

static int write_kernel_signal(const char *path, const struct irp_case *c, size_t *ret_count)
{
	struct ir_signal s, frame;
	uint32_t state = SEED;
	FILE *out;
	int ret = 0;

	ir_signal_init(&s);
	ir_signal_init(&frame);
	for (;;) {
		ir_signal_free(&frame);
		ret = c->frame(&frame, &state);
		if (ret < 0 || s.count + frame.count > KERNEL_SAMPLES_MAX ||
		    ir_signal_duration(&s) + ir_signal_duration(&frame) > KERNEL_DURATION_MAX)
			break;
		ret = ir_signal_append(&s, &frame);
		if (ret < 0)
			break;
	}
	out = fopen(path, "w");
	if (!out) {
		ret = -errno;
	} else {
		if (ret == 0)
			ret = ir_signal_write_text(out, &s);
		if (fclose(out) != 0 && ret == 0)
			ret = -errno;
	}
	*ret_count = s.count;
	ir_signal_free(&s);
	ir_signal_free(&frame);
	return ret;
}

static int write_kernel_files(const char *dir)
{
	char path[4096];
	size_t i, count;
	FILE *list;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/native.list", dir);
	list = fopen(path, "w");
	if (!list)
		return -errno;
	for (i = 0; ret == 0 && i < sizeof(irp_cases) / sizeof(irp_cases[0]); i++) {
		const struct irp_case *c = &irp_cases[i];

		snprintf(path, sizeof(path), "%s/%s.ir", dir, c->irp_name);
		ret = write_kernel_signal(path, c, &count);
		if (ret == 0)
			fprintf(list, "%s %s %s %zu\n", c->irp_name, c->port, c->native, count);
	}
	if (fclose(list) != 0 && ret == 0)
		ret = -errno;
	return ret;
}

static void usage(void)
{
	fprintf(stderr, "usage: table-cost -c LIRCD_CONF -s SIGNAL.txt [-s ...] -r REMOTE "
		"[-f FRAMES] [-o TABLE.md] [-k DIR] [-P PEER_PROTOCOLS_DIR] "
		"[-m LIRCD_CONF,SIGNAL.txt,REMOTE ...]\n");
}

/* -m LIRCD_CONF,SIGNAL.txt,REMOTE: split in place (argv's strings are ours to change). */
static int parse_family(char *arg, struct lircd_config *c)
{
	char *signal = strchr(arg, ','), *remote = signal ? strchr(signal + 1, ',') : NULL;

	if (!remote || strchr(remote + 1, ','))
		return -EINVAL;
	*signal++ = '\0';
	*remote++ = '\0';
	memset(c, 0, sizeof(*c));
	c->conf = arg;
	c->signals[0] = signal;
	c->signal_count = 1;
	c->remote = remote;
	return *arg && *signal && *remote ? 0 : -EINVAL;
}

int main(int argc, char **argv)
{
	struct lircd_config lircd = { 0 }, families[FAMILIES_MAX] = { { 0 } };
	size_t family_count = 1;
	const char *output = NULL, *kernel_dir = NULL, *peer_dir = NULL;
	size_t frames = 200;
	FILE *out = stdout;
	int opt, ret;

	while ((opt = getopt(argc, argv, "c:s:r:f:o:k:P:m:")) != -1) {
		switch (opt) {
		case 'c':
			lircd.conf = optarg;
			break;
		case 's':
			if (lircd.signal_count == SIGNALS_MAX) {
				usage();
				return 2;
			}
			lircd.signals[lircd.signal_count++] = optarg;
			break;
		case 'r':
			lircd.remote = optarg;
			break;
		case 'f':
			frames = strtoul(optarg, NULL, 10);
			break;
		case 'o':
			output = optarg;
			break;
		case 'k':
			kernel_dir = optarg;
			break;
		case 'P':
			peer_dir = optarg;
			break;
		case 'm':
			if (family_count == FAMILIES_MAX ||
			    parse_family(optarg, &families[family_count]) < 0) {
				usage();
				return 2;
			}
			family_count++;
			break;
		default:
			usage();
			return 2;
		}
	}
	if (!lircd.conf || !lircd.signal_count || !lircd.remote || !frames) {
		usage();
		return 2;
	}
	if (kernel_dir) {
		ret = write_kernel_files(kernel_dir);
		if (ret < 0) {
			fprintf(stderr, "table-cost: %s: %s\n", kernel_dir, strerror(-ret));
			return 1;
		}
	}
	if (output) {
		out = fopen(output, "w");
		if (!out) {
			fprintf(stderr, "table-cost: %s: %s\n", output, strerror(errno));
			return 1;
		}
	}
	fprintf(out, "### lircd_space: cost per edge against the number of remotes loaded\n\n");
	ret = lircd_part(&lircd, out);
	if (ret == 0) {
		fprintf(out, "\n### lircd_space, lircd_biphase and lircd_raw: cost per edge "
			"against the number of remotes loaded, as ir-keytable plans them\n\n");
		families[0] = lircd;
		ret = families_part(families, family_count, out);
	}
	if (ret == 0 && peer_dir) {
		fprintf(out, "\n### The peer's route: the printed keymap on v4l-utils' decoder "
			"objects\n\n");
		ret = peer_part(&lircd, peer_dir, out);
	}
	if (ret == 0) {
		fprintf(out, "\n### IRP-compiled decoders against the hand-written ports\n\n");
		ret = irp_part(frames, out);
	}
	if (ret == 0) {
		fprintf(out, "\n### The A/C decoder: one protocol loaded and all of them\n\n");
		ret = ac_part(frames, out);
	}
	if (out != stdout && fclose(out) != 0 && ret == 0)
		ret = -errno;
	return ret < 0 ? 1 : 0;
}
