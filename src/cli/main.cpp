#include "cli/cli.hpp"

#include <malloc.h>

int main(int argc, char** argv) {
  // A short-lived process that allocates a few large buffers (the file, the document tree): keep
  // them on the heap instead of fresh mmap()s, which costs a page fault per 4 KiB on every run.
  // Peak memory is unchanged; about 1 ms less CPU per report.
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  mallopt(M_TOP_PAD, 16 << 20);
  return awrdiff::cli::run(argc, argv);
}
