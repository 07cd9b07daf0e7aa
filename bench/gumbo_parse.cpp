// Baseline: a bare gumbo (HTML5) parse of a file. Prints the number of elements.
#include <gumbo.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

namespace {
long count(const GumboNode* n) {
  if (n->type != GUMBO_NODE_ELEMENT) return 0;
  long c = 1;
  const GumboVector& kids = n->v.element.children;
  for (unsigned i = 0; i < kids.length; ++i) c += count(static_cast<const GumboNode*>(kids.data[i]));
  return c;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  std::ifstream in(argv[1], std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  GumboOutput* out = gumbo_parse_with_options(&kGumboDefaultOptions, bytes.data(), bytes.size());
  std::printf("%ld elements\n", count(out->root));
  gumbo_destroy_output(&kGumboDefaultOptions, out);
  return 0;
}
