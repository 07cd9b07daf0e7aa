// Baseline: a bare pugixml parse of a file (what a well-formed HTML report costs to read at all).
// Prints the number of elements so the parse cannot be optimised away. Exit 1 if pugixml rejects it.
#include <pugixml.hpp>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  std::ifstream in(argv[1], std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  pugi::xml_document doc;
  auto r = doc.load_buffer_inplace(bytes.data(), bytes.size(), pugi::parse_default | pugi::parse_fragment, pugi::encoding_utf8);
  struct Count : pugi::xml_tree_walker {
    long n = 0;
    bool for_each(pugi::xml_node& node) override {
      n += node.type() == pugi::node_element;
      return true;
    }
  } count;
  doc.traverse(count);
  std::printf("%ld elements%s\n", count.n, r ? "" : " (not well-formed)");
  return r ? 0 : 1;
}
