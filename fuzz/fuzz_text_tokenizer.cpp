// Fuzz target: the fixed-width text tokenizer on arbitrary text.
#include <awrdiff/parse.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const awrdiff::RawReport raw = awrdiff::tokenize_text(text);
  for (const auto& t : raw.tables)
    if (t.columns.size() != t.headers.size()) __builtin_trap();
  (void)awrdiff::build_snapshot(raw, "fuzz");
  return 0;
}
