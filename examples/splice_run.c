/*
 * splice_run.c - run a visafin-spliced program binary through Intel's
 * OpenCL runtime (docs/splice.md, step 5).
 *
 *   splice_run PROGRAM.bin [N]
 *
 * Loads PROGRAM.bin (ocloc's zebin for examples/saxpy.cl with visafin's
 * code spliced in) with clCreateProgramWithBinary on the first GPU
 * device, runs its kernel "saxpy" (y = a * x + y) over N work-items
 * (default 4096) and checks every result against the same sum on the
 * host.  Prints what it did; exit status 0 when every value matches, 1
 * on a mismatch, 2 on an OpenCL error.  It needs an Intel GPU and NEO
 * (Debian: intel-opencl-icd); built only where the OpenCL headers are
 * (Debian: ocl-icd-opencl-dev).
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cl_fail(const char *what, cl_int e)
{
	fprintf(stderr, "splice_run: %s failed (OpenCL error %d)\n", what, (int)e);
	return 2;
}

static unsigned char *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	unsigned char *p = NULL;
	long n;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (p = malloc((size_t)n)) &&
	    fread(p, 1, (size_t)n, f) != (size_t)n) {
		free(p);
		p = NULL;
	}
	if (p)
		*size = (size_t)n;
	fclose(f);
	return p;
}

/* The first GPU device of any platform. */
static cl_int first_gpu(cl_device_id *dev)
{
	cl_platform_id plats[16];
	cl_uint np = 0;
	cl_int e = clGetPlatformIDs(16, plats, &np);
	if (e != CL_SUCCESS)
		return e;
	for (cl_uint i = 0; i < np && i < 16; i++)
		if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, dev, NULL) ==
		    CL_SUCCESS)
			return CL_SUCCESS;
	return CL_DEVICE_NOT_FOUND;
}

/* Build the program from the binary and print the build log on failure. */
static cl_int load_program(cl_context ctx, cl_device_id dev,
                           const unsigned char *bin, size_t size,
                           cl_program *prog)
{
	cl_int e, status;
	*prog = clCreateProgramWithBinary(ctx, 1, &dev, &size, &bin, &status, &e);
	if (e != CL_SUCCESS)
		return e;
	if (status != CL_SUCCESS)
		return status;
	e = clBuildProgram(*prog, 1, &dev, "", NULL, NULL);
	if (e != CL_SUCCESS) {
		char log[4096] = "";
		clGetProgramBuildInfo(*prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1,
		                      log, NULL);
		fprintf(stderr, "splice_run: build log:\n%s\n", log);
	}
	return e;
}

static int run(cl_context ctx, cl_device_id dev, cl_program prog, size_t n)
{
	cl_int e;
	cl_kernel k = clCreateKernel(prog, "saxpy", &e);
	if (e != CL_SUCCESS)
		return cl_fail("clCreateKernel(saxpy)", e);
	float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	float *want = malloc(n * sizeof *want), a = 2.5f;
	if (!x || !y || !want) {
		fprintf(stderr, "splice_run: out of memory\n");
		return 2;
	}
	for (size_t i = 0; i < n; i++) {
		x[i] = (float)(i % 97) * 0.25f;
		y[i] = (float)(i % 13) - 6.0f;
		want[i] = a * x[i] + y[i];   /* exact: few significant bits */
	}
	cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &e);
	if (e != CL_SUCCESS)
		return cl_fail("clCreateCommandQueue", e);
	cl_mem bx = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
	                           n * sizeof *x, x, &e);
	if (e != CL_SUCCESS)
		return cl_fail("clCreateBuffer(x)", e);
	cl_mem by = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
	                           n * sizeof *y, y, &e);
	if (e != CL_SUCCESS)
		return cl_fail("clCreateBuffer(y)", e);
	if ((e = clSetKernelArg(k, 0, sizeof a, &a)) != CL_SUCCESS ||
	    (e = clSetKernelArg(k, 1, sizeof bx, &bx)) != CL_SUCCESS ||
	    (e = clSetKernelArg(k, 2, sizeof by, &by)) != CL_SUCCESS)
		return cl_fail("clSetKernelArg", e);
	size_t local = 64;
	if ((e = clEnqueueNDRangeKernel(q, k, 1, NULL, &n, &local, 0, NULL,
	                                NULL)) != CL_SUCCESS)
		return cl_fail("clEnqueueNDRangeKernel", e);
	if ((e = clEnqueueReadBuffer(q, by, CL_TRUE, 0, n * sizeof *y, y, 0, NULL,
	                             NULL)) != CL_SUCCESS)
		return cl_fail("clEnqueueReadBuffer", e);
	size_t bad = 0;
	for (size_t i = 0; i < n; i++)
		if (y[i] != want[i] && bad++ < 5)
			fprintf(stderr, "splice_run: y[%zu] = %g, expected %g\n", i,
			        (double)y[i], (double)want[i]);
	printf("saxpy: %zu work-items, %zu wrong\n", n, bad);
	clReleaseMemObject(bx);
	clReleaseMemObject(by);
	clReleaseCommandQueue(q);
	clReleaseKernel(k);
	free(x);
	free(y);
	free(want);
	return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: splice_run PROGRAM.bin [N]\n");
		return 2;
	}
	size_t n = argc > 2 ? strtoul(argv[2], NULL, 10) : 4096;
	if (!n || n % 64) {
		fprintf(stderr, "splice_run: N must be a positive multiple of 64\n");
		return 2;
	}
	size_t size = 0;
	unsigned char *bin = read_file(argv[1], &size);
	if (!bin) {
		fprintf(stderr, "splice_run: cannot read %s\n", argv[1]);
		return 2;
	}
	cl_device_id dev;
	cl_int e = first_gpu(&dev);
	if (e != CL_SUCCESS)
		return cl_fail("finding a GPU device", e);
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
	if (e != CL_SUCCESS)
		return cl_fail("clCreateContext", e);
	cl_program prog;
	if ((e = load_program(ctx, dev, bin, size, &prog)) != CL_SUCCESS)
		return cl_fail("loading the program binary", e);
	int rc = run(ctx, dev, prog, n);
	clReleaseProgram(prog);
	clReleaseContext(ctx);
	free(bin);
	return rc;
}
