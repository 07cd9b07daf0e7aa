// Fuzz target: parse_policy (the --policy TOML file). Anything may throw awrdiff::Error; nothing may crash. What
// it accepts holds no contradiction and no number out of its range: every threshold finite, warn_z and fail_z
// 0.1 to 1000, a `_below` level below every `_above` level, warn before fail; and policy_cannot_fail,
// policy_table agree on it.
#include <awrdiff/check.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const auto p = awrdiff::parse_policy(std::string(reinterpret_cast<const char*>(data), size), "fuzz.toml");
    if (!std::isfinite(p.spread_floor_pct) || p.spread_floor_pct < 0 || p.spread_floor_pct > 100) __builtin_trap();
    for (const auto& [key, m] : p.metrics) {
      if (!(m.warn_z >= 0.1 && m.warn_z <= 1000)) __builtin_trap();
      if (m.fail_z && !(*m.fail_z >= 0.1 && *m.fail_z <= 1000)) __builtin_trap();
      if (!std::isfinite(m.abs_floor) || m.abs_floor < 0 || !std::isfinite(m.rel_floor_pct) || m.rel_floor_pct < 0)
        __builtin_trap();
      for (const auto* lo : {&m.warn_below, &m.fail_below})
        for (const auto* hi : {&m.warn_above, &m.fail_above})
          if (*lo && *hi && !(**lo < **hi)) __builtin_trap();  // contradictory levels were refused
      if (m.warn_above && m.fail_above && *m.warn_above > *m.fail_above) __builtin_trap();
      if (m.warn_below && m.fail_below && *m.warn_below < *m.fail_below) __builtin_trap();
    }
    for (const auto& g : p.gates)
      if (p.metrics.count(g) == 0 || !p.metrics.at(g).enabled) __builtin_trap();
    const auto table = awrdiff::policy_table(p);
    if (table.rows.size() != p.metrics.size()) __builtin_trap();
    (void)awrdiff::policy_cannot_fail(p);
  } catch (const awrdiff::Error&) {}
  return 0;
}
