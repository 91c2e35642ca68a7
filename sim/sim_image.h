/*
 * sim_image.h - image helpers shared by the typed/media messages
 * (sim_image.c) and the sampler (sim_sampler.c): texel formats as RGBA
 * 32-bit values (float bits for normalized and float types, integers
 * for integer types).
 */
#ifndef VISAFIN_SIM_IMAGE_H
#define VISAFIN_SIM_IMAGE_H

#include "sim_priv.h"

unsigned sim_img_nchan(enum sim_chan_order o);
unsigned sim_img_csize(enum sim_chan_type t);
bool sim_img_is_int(enum sim_chan_type t);
unsigned sim_img_texel_size(const struct sim_image_desc *d);
/* Texel bytes -> RGBA values; RGBA values -> texel bytes (channels of
 * 'mask' only). */
void sim_img_decode(const struct sim_image_desc *d, const uint8_t *p,
                    uint32_t out[4]);
void sim_img_encode(const struct sim_image_desc *d, uint8_t *p,
                    const uint32_t v[4], unsigned mask);
uint8_t *sim_img_texel(struct sim_ctx *c, const struct sim_surface *s,
                       int64_t x, int64_t y, int64_t z);
const struct sim_surface *sim_img_surface(struct sim_ctx *c,
                                          const struct sim_msg *m);

#endif
