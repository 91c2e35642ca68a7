/*
 * sim_swsb.h - gensim's Gen12 software scoreboard hazard checker
 * (sim_swsb.c), called by the instruction step of sim_exec.c when
 * sim_set_swsb_check() turned it on.
 */
#ifndef VISAFIN_SIM_SWSB_H
#define VISAFIN_SIM_SWSB_H

#include "sim_priv.h"

struct sim_swsb;

/* Before a run: (re)create the state for n threads when the check is
 * on and the platform has a software scoreboard. */
enum vf_status sim_swsb_prepare(struct sim_ctx *c, unsigned nthreads);
/* Per-group state for n threads (NULL on OOM; then the run fails). */
struct sim_swsb *sim_swsb_create(unsigned nthreads);
void sim_swsb_destroy(struct sim_swsb *s);
/* A new work-group: every thread starts with an empty scoreboard. */
void sim_swsb_reset(struct sim_swsb *s);
/* Before thread t issues 'in': apply its waits, fail (VF_ERR_INPUT,
 * naming the instruction offset and the register) if it touches a
 * register that an unfinished operation still owns, then record it. */
enum vf_status sim_swsb_issue(struct sim_ctx *c, struct sim_swsb *s,
                              struct sim_thread *t, const struct gen_inst *in);

#endif
