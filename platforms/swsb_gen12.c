/*
 * swsb_gen12.c - the Gen12LP software scoreboard model (values and
 * sources in swsb_gen12.h).
 */
#include "config.h"

#include <stddef.h>

#include "swsb_gen12.h"

static const struct swsb_model gen12lp = {
	.tokens = 16,
	.max_dist = 7,
	.inorder_done = 11,
	.inorder_done64 = 15,
};

const struct swsb_model *swsb_model_for(enum gen_enc enc)
{
	return enc == GEN_ENC_GEN12 ? &gen12lp : NULL;
}

bool swsb_is_ooo(enum gen_op op)
{
	switch (op) {
	case GEN_OP_SEND: case GEN_OP_SENDC: case GEN_OP_SENDS:
	case GEN_OP_SENDSC: case GEN_OP_MATH:
		return true;
	default:
		return false;
	}
}

bool swsb_counts_inorder(enum gen_op op)
{
	switch (op) {
	case GEN_OP_SYNC: case GEN_OP_NOP: case GEN_OP_WAIT:
	case GEN_OP_ILLEGAL: case GEN_OP_HALT:
		return false;
	default:
		return !swsb_is_ooo(op);
	}
}
