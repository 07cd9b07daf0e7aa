// Fuzz target: the readers of Oracle baseline metric dumps (sysmetric.hpp), on the raw bytes and on
// what decode_input makes of them. Anything may throw awrdiff::Error; nothing may crash, and what a
// parse returns must hold together: the kind detect says, rows with a name and finite values,
// percentiles in order, instances sorted and each seen in a row.
#include <awrdiff/parse.hpp>
#include <awrdiff/sysmetric.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

namespace {

void check(const std::optional<double>& v) {
  if (v && !std::isfinite(*v)) __builtin_trap();
}

void parse_and_check(std::string_view text) {
  const auto kind = awrdiff::detect_sysmetric_dump(text);
  try {
    const auto d = awrdiff::parse_sysmetric_dump(text, "fuzz");
    if (!kind || *kind != d.kind || d.rows.empty()) __builtin_trap();
    std::set<int> seen;
    for (const auto& r : d.rows) {
      if (r.metric_name.empty() || r.line <= 0) __builtin_trap();
      if (!(r.average || r.minimum || r.maximum || r.median || r.mode || r.standard_deviation || r.sum || !r.percentiles.empty()))
        __builtin_trap();
      for (const auto* v : {&r.average, &r.minimum, &r.maximum, &r.median, &r.mode, &r.standard_deviation, &r.sum,
                            &r.num_intervals, &r.interval_s})
        check(*v);
      if (!std::is_sorted(r.percentiles.begin(), r.percentiles.end())) __builtin_trap();
      if (r.hour_of_day && (*r.hour_of_day < 0 || *r.hour_of_day > 23)) __builtin_trap();
      if (r.instance_number) seen.insert(*r.instance_number);
    }
    if (!std::equal(seen.begin(), seen.end(), d.instances.begin(), d.instances.end())) __builtin_trap();
  } catch (const awrdiff::Error&) {}
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  parse_and_check(bytes);
  try {
    parse_and_check(awrdiff::decode_input(bytes, "fuzz"));
  } catch (const awrdiff::Error&) {}
  return 0;
}
