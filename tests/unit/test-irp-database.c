// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The built-in IRP database: the table generated at build time must hold exactly what
 * utils/irp/protocols.tsv says (read here line by line, with no code of the generator),
 * and names are found as IrpTransmogrifier finds them, ignoring case.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irp_database.h"
#include "test-main.h"

#define PROTOCOLS_TSV TOP_SRCDIR "/utils/irp/protocols.tsv"

START_TEST(test_table_is_the_tsv)
{
	FILE *f = fopen(PROTOCOLS_TSV, "r");
	static char line[16384];
	size_t index = 0;

	ck_assert_msg(f != NULL, "%s", PROTOCOLS_TSV);
	while (fgets(line, sizeof(line), f)) {
		const struct irp_database_entry *entry;
		char *irp, *parameters, *end;

		ck_assert_msg(strchr(line, '\n') != NULL, "line too long: %.40s", line);
		*strchr(line, '\n') = '\0';
		if (line[0] == '#' || !strcmp(line, "name\tirp\tparameters"))
			continue;
		irp = strchr(line, '\t');
		ck_assert_ptr_nonnull(irp);
		*irp++ = '\0';
		parameters = strchr(irp, '\t');
		ck_assert_ptr_nonnull(parameters);
		*parameters++ = '\0';
		end = strchr(parameters, '\t');
		ck_assert_ptr_null(end);

		entry = irp_database_at(index);
		ck_assert_msg(entry != NULL, "%s is not in the table", line);
		ck_assert_str_eq(entry->name, line);
		ck_assert_str_eq(entry->irp, irp);
		ck_assert_str_eq(entry->parameters, parameters);
		ck_assert_ptr_eq(irp_database_find(line), entry);
		index++;
	}
	fclose(f);
	ck_assert_uint_eq(irp_database_count(), index);
	ck_assert_ptr_null(irp_database_at(index));
	/* utils/irp/README.md: the 219 protocols of IrpProtocols.xml 2025-05-21 */
	ck_assert_uint_eq(index, 219);
}
END_TEST

START_TEST(test_names_ignore_case_only)
{
	const struct irp_database_entry *nec1 = irp_database_find("NEC1");

	ck_assert_ptr_nonnull(nec1);
	ck_assert_str_eq(nec1->name, "NEC1");
	ck_assert_str_eq(nec1->irp, "{38.4k,564}<1,-1|1,-3>(16,-8,D:8,S:8,F:8,~F:8,1,^108m,"
			 "(16,-4,1,^108m)*) [D:0..255,S:0..255=255-D,F:0..255]");
	ck_assert_ptr_eq(irp_database_find("nec1"), nec1);
	ck_assert_ptr_eq(irp_database_find("Nec1"), nec1);
	/* No other folding: not '-' or '_' (NEC-1 is not a name), not spaces. */
	ck_assert_ptr_null(irp_database_find("NEC-1"));
	ck_assert_ptr_null(irp_database_find("NEC_1"));
	ck_assert_ptr_null(irp_database_find(" NEC1"));
	ck_assert_ptr_null(irp_database_find("NEC1 "));
	ck_assert_ptr_null(irp_database_find("NEC1x"));
	ck_assert_ptr_null(irp_database_find(""));
	/* Names with spaces, braces and punctuation are names like any other. */
	ck_assert_str_eq(irp_database_find("b&o REPEAT")->name, "B&O repeat");
	ck_assert_str_eq(irp_database_find("denon{1}")->name, "Denon{1}");
	ck_assert_str_eq(irp_database_find("RC5")->irp,
			 "{36k,msb,889}<1,-1|-1,1>((1,~F:1:6,T:1,D:5,F:6,^114m)*,T=1-T)"
			 "[D:0..31,F:0..127,T@:0..1=0]");
	/* Distinct protocols whose names differ in more than case stay apart. */
	ck_assert_ptr_ne(irp_database_find("NEC1-f16"), nec1);
	ck_assert_str_eq(irp_database_find("nec1-F16")->name, "NEC1-f16");
}
END_TEST

START_TEST(test_decodable)
{
	struct irp_database_entry entry = { "x", "{}<1|-1>(1)", "" };
	size_t i, not_decodable = 0;

	for (i = 0; i < irp_database_count(); i++)
		if (!irp_database_decodable(irp_database_at(i)))
			not_decodable++;
	/* issue: 219 protocols, 215 of them decodable */
	ck_assert_uint_eq(not_decodable, 4);
	ck_assert(!irp_database_decodable(irp_database_find("Zenith")));
	ck_assert(irp_database_decodable(irp_database_find("Zenith5")));
	ck_assert(irp_database_decodable(irp_database_find("NEC1")));

	ck_assert(irp_database_decodable(&entry));
	entry.parameters = "decodable=false";
	ck_assert(!irp_database_decodable(&entry));
	entry.parameters = "prefer-over=X;decodable=false;relative-tolerance=0.2";
	ck_assert(!irp_database_decodable(&entry));
	entry.parameters = "decodable=true";
	ck_assert(irp_database_decodable(&entry));
	entry.parameters = "decodable=falsely";
	ck_assert(irp_database_decodable(&entry));
	entry.parameters = "not-decodable=false";
	ck_assert(irp_database_decodable(&entry));
	entry.parameters = "not-decodable=false;decodable=false";
	ck_assert(!irp_database_decodable(&entry));
}
END_TEST

static Suite *irp_database_suite(void)
{
	Suite *s = suite_create("irp_database");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, test_table_is_the_tsv);
	tcase_add_test(tc, test_names_ignore_case_only);
	tcase_add_test(tc, test_decodable);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = irp_database_suite);
