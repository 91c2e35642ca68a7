/*
 * gensim_json.c - recursive-descent JSON reader (RFC 8259) for gensim's
 * corpus oracle.  Strings keep \uXXXX escapes below 0x80 and turn others
 * into '?': the corpus files are ASCII.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "gensim_json.h"

struct jp {
	const char *s, *end;
	int depth;
};

static void ws(struct jp *p)
{
	while (p->s < p->end && (*p->s == ' ' || *p->s == '\t' ||
	       *p->s == '\n' || *p->s == '\r'))
		p->s++;
}

static struct json *node(enum json_kind k)
{
	struct json *j = calloc(1, sizeof(*j));
	if (j)
		j->kind = k;
	return j;
}

static char *string(struct jp *p)
{
	if (p->s >= p->end || *p->s != '"')
		return NULL;
	p->s++;
	size_t cap = 16, n = 0;
	char *out = malloc(cap);
	while (out && p->s < p->end && *p->s != '"') {
		char ch = *p->s++;
		if (ch == '\\' && p->s < p->end) {
			char e = *p->s++;
			switch (e) {
			case 'n': ch = '\n'; break;
			case 't': ch = '\t'; break;
			case 'r': ch = '\r'; break;
			case 'b': ch = '\b'; break;
			case 'f': ch = '\f'; break;
			case 'u': {
				unsigned v = 0;
				for (int i = 0; i < 4 && p->s < p->end; i++) {
					char h = *p->s++;
					v = v * 16 + (unsigned)(h <= '9' ? h - '0'
					                        : (h | 32) - 'a' + 10);
				}
				ch = v < 128 ? (char)v : '?';
				break;
			}
			default: ch = e; break;
			}
		}
		if (n + 2 > cap) {
			char *o = realloc(out, cap *= 2);
			if (!o) {
				free(out);
				return NULL;
			}
			out = o;
		}
		out[n++] = ch;
	}
	if (!out || p->s >= p->end) {
		free(out);
		return NULL;
	}
	p->s++;
	out[n] = 0;
	return out;
}

static struct json *value(struct jp *p);

static bool push(struct json *j, char *key, struct json *v)
{
	struct json **it = realloc(j->items, (j->n + 1) * sizeof(*it));
	if (!it)
		return false;
	j->items = it;
	if (j->kind == JSON_OBJ) {
		char **k = realloc(j->keys, (j->n + 1) * sizeof(*k));
		if (!k)
			return false;
		j->keys = k;
		k[j->n] = key;
	}
	it[j->n++] = v;
	return true;
}

static struct json *container(struct jp *p, bool obj)
{
	struct json *j = node(obj ? JSON_OBJ : JSON_ARR);
	char close = obj ? '}' : ']';
	p->s++;
	ws(p);
	if (p->s < p->end && *p->s == close) {
		p->s++;
		return j;
	}
	while (j) {
		char *key = NULL;
		ws(p);
		if (obj) {
			key = string(p);
			ws(p);
			if (!key || p->s >= p->end || *p->s++ != ':') {
				free(key);
				break;
			}
		}
		struct json *v = value(p);
		if (!v || !push(j, key, v)) {
			free(key);
			json_free(v);
			break;
		}
		ws(p);
		if (p->s < p->end && *p->s == ',') {
			p->s++;
			continue;
		}
		if (p->s < p->end && *p->s == close) {
			p->s++;
			return j;
		}
		break;
	}
	json_free(j);
	return NULL;
}

static struct json *literal(struct jp *p, const char *w, enum json_kind k,
                            bool b)
{
	size_t n = strlen(w);
	if ((size_t)(p->end - p->s) < n || memcmp(p->s, w, n))
		return NULL;
	p->s += n;
	struct json *j = node(k);
	if (j)
		j->b = b;
	return j;
}

static struct json *value(struct jp *p)
{
	ws(p);
	if (p->s >= p->end || ++p->depth > 200)
		return NULL;
	struct json *j = NULL;
	char ch = *p->s;
	if (ch == '{' || ch == '[') {
		j = container(p, ch == '{');
	} else if (ch == '"') {
		char *s = string(p);
		j = s ? node(JSON_STR) : NULL;
		if (j)
			j->str = s;
		else
			free(s);
	} else if (ch == 't') {
		j = literal(p, "true", JSON_BOOL, true);
	} else if (ch == 'f') {
		j = literal(p, "false", JSON_BOOL, false);
	} else if (ch == 'n') {
		j = literal(p, "null", JSON_NULL, false);
	} else {
		char *e;
		double v = strtod(p->s, &e);
		if (e != p->s && e <= p->end) {
			p->s = e;
			j = node(JSON_NUM);
			if (j)
				j->num = v;
		}
	}
	p->depth--;
	return j;
}

struct json *json_parse(const char *text, size_t len, size_t *errpos)
{
	struct jp p = { text, text + len, 0 };
	struct json *j = value(&p);
	ws(&p);
	if (!j || p.s != p.end) {
		json_free(j);
		if (errpos)
			*errpos = (size_t)(p.s - text);
		return NULL;
	}
	return j;
}

void json_free(struct json *j)
{
	if (!j)
		return;
	for (size_t i = 0; i < j->n; i++) {
		json_free(j->items[i]);
		if (j->keys)
			free(j->keys[i]);
	}
	free(j->items);
	free(j->keys);
	free(j->str);
	free(j);
}

const struct json *json_get(const struct json *obj, const char *key)
{
	if (!obj || obj->kind != JSON_OBJ)
		return NULL;
	for (size_t i = 0; i < obj->n; i++)
		if (!strcmp(obj->keys[i], key))
			return obj->items[i];
	return NULL;
}

const struct json *json_at(const struct json *arr, size_t i)
{
	if (!arr || (arr->kind != JSON_ARR && arr->kind != JSON_OBJ) ||
	    i >= arr->n)
		return NULL;
	return arr->items[i];
}

size_t json_len(const struct json *arr)
{
	return arr && (arr->kind == JSON_ARR || arr->kind == JSON_OBJ)
	       ? arr->n : 0;
}

const char *json_str(const struct json *obj, const char *key,
                     const char *def)
{
	const struct json *v = json_get(obj, key);
	return v && v->kind == JSON_STR ? v->str : def;
}

double json_num(const struct json *obj, const char *key, double def)
{
	const struct json *v = json_get(obj, key);
	return v && v->kind == JSON_NUM ? v->num : def;
}

bool json_bool(const struct json *obj, const char *key, bool def)
{
	const struct json *v = json_get(obj, key);
	return v && v->kind == JSON_BOOL ? v->b : def;
}
