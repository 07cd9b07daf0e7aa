// Fuzz target: the whole path a user runs: decode_input -> parse_report (tokenize, build_snapshot)
// -> compare / describe -> every renderer, and the snapshot JSON.
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/render.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const std::string text = awrdiff::decode_input(std::string(reinterpret_cast<const char*>(data), size), "fuzz");
    const awrdiff::Snapshot snap = awrdiff::parse_report(text, "fuzz");
    // The snapshot JSON must be valid JSON (and UTF-8) whatever the input: a parse error is a finding.
    if (!nlohmann::json::accept(awrdiff::snapshot_json_text(snap, true))) std::abort();
    const awrdiff::Comparison self = awrdiff::compare(snap, snap);
    const awrdiff::Comparison single = awrdiff::describe(snap);
    awrdiff::RenderOptions options;
    options.verbose = true;
    for (auto format : {awrdiff::Format::text, awrdiff::Format::markdown, awrdiff::Format::html, awrdiff::Format::json}) {
      std::ostringstream out;
      awrdiff::render(self, format, options, out);
      awrdiff::render(single, format, options, out);
    }
  } catch (const awrdiff::Error&) {}
  return 0;
}
