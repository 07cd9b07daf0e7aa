// Fuzz target: baseline_from_json (the baseline file) and, for what it accepts, the write-back and a
// check of a fixed sample snapshot against it. Anything may throw awrdiff::Error; nothing may crash.
#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto b = awrdiff::baseline_from_json(text, "fuzz.json");
    const auto again = awrdiff::baseline_json_text(b);
    const auto b2 = awrdiff::baseline_from_json(again, "fuzz2.json");
    if (awrdiff::baseline_json_text(b2) != again) __builtin_trap();  // the write-back is a fixed point
    awrdiff::Snapshot s;
    s.source = "current";
    s.database.dbid = b.dbid;
    if (!b.instances.empty()) s.database.instance_number = b.instances.front();
    s.interval.elapsed_s = 600;
    s.interval.db_time_s = 300;
    s.interval.begin_time = "14-Mar-25 09:00:00";
    for (auto match : {awrdiff::MatchPeriods::all, awrdiff::MatchPeriods::weekday_hour}) {
      awrdiff::CheckOptions opt;
      opt.match = match;
      try {
        (void)awrdiff::check(s, b, awrdiff::default_policy(), opt);
      } catch (const awrdiff::Error&) {}
    }
  } catch (const awrdiff::Error&) {}
  return 0;
}
