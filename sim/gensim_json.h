/*
 * gensim_json.h - a small JSON reader for the corpus manifests and run
 * recipes (RFC 8259 values; numbers as double, which holds every integer
 * the corpus files use exactly).
 */
#ifndef VISAFIN_GENSIM_JSON_H
#define VISAFIN_GENSIM_JSON_H

#include <stdbool.h>
#include <stddef.h>

enum json_kind { JSON_NULL, JSON_BOOL, JSON_NUM, JSON_STR, JSON_ARR, JSON_OBJ };

struct json {
	enum json_kind kind;
	bool b;
	double num;
	char *str;
	size_t n;              /* array items / object members */
	struct json **items;   /* values */
	char **keys;           /* object keys */
};

/* Parse 'text'; NULL on error with *errpos the byte offset. */
struct json *json_parse(const char *text, size_t len, size_t *errpos);
void json_free(struct json *j);

const struct json *json_get(const struct json *obj, const char *key);
const struct json *json_at(const struct json *arr, size_t i);
size_t json_len(const struct json *arr);
/* Typed member access with a default when absent or of another kind. */
const char *json_str(const struct json *obj, const char *key,
                     const char *def);
double json_num(const struct json *obj, const char *key, double def);
bool json_bool(const struct json *obj, const char *key, bool def);

#endif
