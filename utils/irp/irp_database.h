/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The IRP protocol database, built into the program: the protocols of
 * utils/irp/protocols.tsv (IrpTransmogrifier's IrpProtocols.xml), turned into a C table
 * when the program is built, so that "irp:NEC1" needs no file at run time.
 *
 * Names are looked up as IrpTransmogrifier looks them up: ignoring ASCII case
 * ("nec1" is "NEC1"), and otherwise exactly ("NEC-1" is not "NEC1").
 */
#ifndef IRKIT_IRP_DATABASE_H
#define IRKIT_IRP_DATABASE_H

#include <stdbool.h>
#include <stddef.h>

struct irp_database_entry {
	const char *name;	/* "NEC1" */
	const char *irp;	/* the IRP string */
	/* the decoding parameters, "key=value;key=value" ("" for none): the form
	 * irp_compile_options_init() reads */
	const char *parameters;
};

size_t irp_database_count(void);

/* The entries in the order of the table; NULL past the end. */
const struct irp_database_entry *irp_database_at(size_t index);

/* The entry named name (ignoring ASCII case), or NULL. */
const struct irp_database_entry *irp_database_find(const char *name);

/* Whether the database says the protocol can be decoded (no "decodable=false"). */
bool irp_database_decodable(const struct irp_database_entry *entry);

#endif
