/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Building fake sysfs trees for tests, in a temporary directory: directories, files and
 * the symlinks sysfs uses (/sys/class/rc/rc0 -> ../../devices/.../rc/rc0).
 */
#ifndef IRKIT_TESTS_SYSFS_TREE_H
#define IRKIT_TESTS_SYSFS_TREE_H

/* A new empty directory under $TMPDIR (or /tmp); aborts the test program on failure. */
char *sysfs_tree_new(void);
/* Removes the tree and frees root. */
void sysfs_tree_free(char *root);

/* root + path: parent directories are created as needed. */
void sysfs_tree_mkdir(const char *root, const char *path);
void sysfs_tree_write(const char *root, const char *path, const char *content);
void sysfs_tree_symlink(const char *root, const char *path, const char *target);
/* The content of root + path, in a new string. */
char *sysfs_tree_read(const char *root, const char *path);

#endif
