// Fuzz target: decode_input (gzip, BOMs, UTF-16, Windows-1252, line ends) on arbitrary bytes.
#include <awrdiff/parse.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    std::string out = awrdiff::decode_input(std::string(reinterpret_cast<const char*>(data), size), "fuzz");
    // The result is text with '\n' line ends only.
    for (char c : out)
      if (c == '\r' || c == '\0') __builtin_trap();
  } catch (const awrdiff::Error&) {}
  return 0;
}
