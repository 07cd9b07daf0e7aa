// The `check` policy: the registry's thresholds, a TOML policy file read over them, what the policy can never fail
// on, and the table of the thresholds in force (include/awrdiff/check.hpp, docs/baselines.md).
#include <awrdiff/check.hpp>
#include <awrdiff/input_file.hpp>

#include <fmt/format.h>
// The parser compiled here, not called in the shared libtomlplusplus: the awrdiff binary links libgcc
// statically, and an exception thrown inside that library cannot unwind into it (abort, exit 134).
#undef TOML_HEADER_ONLY
#undef TOML_SHARED_LIB
#define TOML_HEADER_ONLY 1
#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <sstream>

namespace awrdiff {
CheckPolicy default_policy() {
  CheckPolicy p;
  p.source = "registry defaults";
  for (const auto& m : all_metrics()) {
    if (!m.checked || m.family) continue;
    MetricPolicy mp;
    mp.direction = m.direction;
    mp.abs_floor = m.abs_floor;
    mp.rel_floor_pct = m.rel_floor_pct;
    mp.points = m.points;
    if (m.role == MetricRole::master) mp.fail_z = 3;
    p.metrics.emplace(std::string(m.key), mp);
  }
  return p;
}

namespace {

// A policy file is a few KB; anything past this is not one (and is refused before it is read).
constexpr std::size_t k_max_policy_bytes = std::size_t{1} << 20;

std::optional<Direction> direction_named(std::string_view s) {
  if (s == "higher_is_worse") return Direction::higher_is_worse;
  if (s == "higher_is_better") return Direction::higher_is_better;
  if (s == "neutral") return Direction::neutral;
  return std::nullopt;
}

}  // namespace

CheckPolicy load_policy(const std::string& file) {
  // Read as every input is (include/awrdiff/input_file.hpp): no device, FIFO or file of more than 1 MiB.
  const std::string text = read_input_file(
      file, InputFileKind{"policy file", k_max_policy_bytes, "a policy file is a few KB, not read", true, false, false});
  return parse_policy(text, file);
}

namespace {

// toml++ 3 (Debian's) reaches TOML_UNREACHABLE (undefined behaviour) when it asks whether one of some non-ASCII
// characters is whitespace (impl::is_non_ascii_horizontal_whitespace: U+00A1-U+0499, U+2C5E-U+2FFF, U+3001-U+3057,
// U+FB26-U+FEFE; found by the policy fuzzer, e.g. a line starting with U+0124). A policy's keys and values are
// ASCII: each such character is handed to the parser as U+FFFD, which it reads safely, so a comment stays a
// comment and anything else is refused as before (the message shows U+FFFD for the character).
std::string toml_safe(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto b0 = static_cast<unsigned char>(text[i]);
    const std::size_t n = b0 >= 0xC2 && b0 <= 0xDF ? 2 : b0 >= 0xE0 && b0 <= 0xEF ? 3 : 1;
    bool sequence = n > 1 && i + n <= text.size();
    char32_t c = n == 2 ? (b0 & 0x1Fu) : (b0 & 0x0Fu);
    for (std::size_t k = 1; sequence && k < n; ++k) {
      const auto b = static_cast<unsigned char>(text[i + k]);
      sequence = (b & 0xC0) == 0x80;
      c = (c << 6) | (b & 0x3Fu);
    }
    const bool unsafe = sequence && ((c >= 0xA1 && c <= 0x499) || (c >= 0x2C5E && c <= 0x2FFF) || (c >= 0x3001 && c <= 0x3057) ||
                                     (c >= 0xFB26 && c <= 0xFEFE));
    const std::size_t len = sequence ? n : 1;
    if (unsafe) out += "\xEF\xBF\xBD";
    else out.append(text, i, len);
    i += len;
  }
  return out;
}

// A table given twice: named here (the TOML parser's own message garbles the name).
void refuse_repeated_tables(const std::string& text, const std::string& file) {
  std::map<std::string, int> headers;
  std::istringstream lines(text);
  std::string line;
  for (int n = 1; std::getline(lines, line); ++n) {
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] != '[' || line.compare(first, 2, "[[") == 0) continue;
    const auto close = line.find(']', first);
    if (close == std::string::npos) continue;
    std::string key;
    for (char c : line.substr(first + 1, close - first - 1))
      if (c != ' ' && c != '\t' && c != '"' && c != '\'') key.push_back(c);
    auto [it, fresh] = headers.emplace(key, n);
    if (!fresh)
      throw Error(file, fmt::format("line {}: {} is given twice (first at line {})", n, line.substr(first, close - first + 1),
                                    it->second));
  }
}

// Contradictory levels of one metric: every value would be out of one of them, or a value would fail before it warns.
void refuse_contradictory_levels(const MetricPolicy& mp, const std::string& name, int line, const std::string& file) {
  const std::array<std::pair<const char*, const std::optional<double>*>, 2> below{
      {{"warn_below", &mp.warn_below}, {"fail_below", &mp.fail_below}}},
      above{{{"warn_above", &mp.warn_above}, {"fail_above", &mp.fail_above}}};
  for (const auto& [bn, bv] : below)
    for (const auto& [an, av] : above)
      if (*bv && *av && !(**bv < **av))
        throw Error(file, fmt::format("line {}: metric '{}': {} = {:g} is not below {} = {:g}: contradictory levels "
                                      "(every value is below the one or above the other)",
                                      line, name, bn, **bv, an, **av));
  if (mp.fail_z && mp.warn_z > *mp.fail_z)
    throw Error(file, fmt::format("line {}: metric '{}': warn_z = {:g} is above fail_z = {:g}: a value {:g} to {:g} spreads "
                                  "out would pass unseen (it fails only once it warns)",
                                  line, name, mp.warn_z, *mp.fail_z, *mp.fail_z, mp.warn_z));
  if (mp.warn_above && mp.fail_above && *mp.warn_above > *mp.fail_above)
    throw Error(file, fmt::format("line {}: metric '{}': warn_above = {:g} is above fail_above = {:g}: a value would "
                                  "fail before it warns",
                                  line, name, *mp.warn_above, *mp.fail_above));
  if (mp.warn_below && mp.fail_below && *mp.warn_below < *mp.fail_below)
    throw Error(file, fmt::format("line {}: metric '{}': warn_below = {:g} is below fail_below = {:g}: a value would "
                                  "fail before it warns",
                                  line, name, *mp.warn_below, *mp.fail_below));
}

}  // namespace

CheckPolicy parse_policy(const std::string& text, const std::string& file) {
  CheckPolicy p = default_policy();
  p.source = file;
  if (text.find('\0') != std::string::npos) throw Error(file, "is not a policy file (binary content)");
  refuse_repeated_tables(text, file);
  toml::table t;
  try {
    t = toml::parse(toml_safe(text), file);
  } catch (const toml::parse_error& e) {
    throw Error(file, fmt::format("line {}: {}", e.source().begin.line, e.description()));
  } catch (const std::exception& e) { throw Error(file, fmt::format("not a valid policy file ({})", e.what())); } catch (...) {
    throw Error(file, "not a valid policy file");
  }
  // A finite number within [lo, hi] (integers accepted); a string, a boolean, nan or inf is refused.
  auto number = [&](const toml::node& n, const std::string& where, double lo, double hi) -> double {
    const auto line = n.source().begin.line;
    const auto v = n.is_number() ? n.value<double>() : std::nullopt;
    if (!v) throw Error(file, fmt::format("line {}: {} is not a number", line, where));
    if (!std::isfinite(*v)) throw Error(file, fmt::format("line {}: {} is not a finite number", line, where));
    if (*v < lo || *v > hi)
      throw Error(file, fmt::format("line {}: {} = {:g} is out of range ({:g} to {:g})", line, where, *v, lo, hi));
    return *v;
  };
  auto boolean = [&](const toml::node& n, const std::string& where) -> bool {
    if (!n.is_boolean()) throw Error(file, fmt::format("line {}: {} is true or false", n.source().begin.line, where));
    return *n.value<bool>();
  };
  constexpr double k_z_max = 1000, k_pct_max = 100000, k_level_max = 1e15;
  for (auto&& [k, v] : t) {
    const std::string key(k.str());
    if (key == "load_matters") {
      p.load_matters = boolean(v, key);
    } else if (key == "spread_floor_pct") {
      p.spread_floor_pct = number(v, key, 0, 100);
    } else if (key == "metric") {
      const auto* metrics = v.as_table();
      if (metrics == nullptr) throw Error(file, fmt::format("line {}: [metric.\"KEY\"] tables expected", v.source().begin.line));
      for (auto&& [mk, mv] : *metrics) {
        const std::string name(mk.str());
        const int line = static_cast<int>(mv.source().begin.line);
        auto it = p.metrics.find(name);
        if (it == p.metrics.end())
          throw Error(file,
                      fmt::format("line {}: metric '{}' matches no checked metric of the registry (awrdiff catalog --metrics)",
                                  line, name));
        const auto* mt = mv.as_table();
        if (mt == nullptr) throw Error(file, fmt::format("line {}: metric '{}' is not a table", line, name));
        auto& mp = it->second;
        for (auto&& [fk, fv] : *mt) {
          const std::string f(fk.str());
          const std::string where = fmt::format("metric.\"{}\".{}", name, f);
          if (f == "direction") {
            auto s = fv.value<std::string>();
            auto d = s ? direction_named(*s) : std::nullopt;
            if (!d)
              throw Error(file, fmt::format("line {}: {} is higher_is_worse, higher_is_better or neutral", fv.source().begin.line,
                                            where));
            mp.direction = *d;
          } else if (f == "warn_z") mp.warn_z = number(fv, where, 0.1, k_z_max);
          else if (f == "fail_z") mp.fail_z = number(fv, where, 0.1, k_z_max);
          else if (f == "fail_rel_pct") mp.fail_rel_pct = number(fv, where, 0, k_pct_max);
          else if (f == "abs_floor") mp.abs_floor = number(fv, where, 0, k_level_max);
          else if (f == "rel_floor_pct") mp.rel_floor_pct = number(fv, where, 0, k_pct_max);
          else if (f == "warn_above") mp.warn_above = number(fv, where, 0, k_level_max);
          else if (f == "fail_above") mp.fail_above = number(fv, where, 0, k_level_max);
          else if (f == "warn_below") mp.warn_below = number(fv, where, 0, k_level_max);
          else if (f == "fail_below") mp.fail_below = number(fv, where, 0, k_level_max);
          else if (f == "enabled") mp.enabled = boolean(fv, where);
          else
            throw Error(file, fmt::format("line {}: unknown setting '{}' (direction, warn_z, fail_z, abs_floor, rel_floor_pct, "
                                          "warn_above, fail_above, warn_below, fail_below, enabled)",
                                          fv.source().begin.line, where));
        }
        if (mp.warn_z <= 0 || (mp.fail_z && *mp.fail_z <= 0) || mp.abs_floor < 0 || mp.rel_floor_pct < 0)
          throw Error(file, fmt::format("line {}: metric '{}': levels and floors must be positive", line, name));
        refuse_contradictory_levels(mp, name, line, file);
        if (mp.enabled && (mt->contains("fail_z") || mt->contains("fail_above") || mt->contains("fail_below")) &&
            std::find(p.gates.begin(), p.gates.end(), name) == p.gates.end())
          p.gates.push_back(name);
      }
    } else {
      throw Error(file, fmt::format("line {}: unknown setting '{}' (load_matters, spread_floor_pct, [metric.\"KEY\"])",
                                    v.source().begin.line, key));
    }
  }
  return p;
}

std::string policy_cannot_fail(const CheckPolicy& policy) {
  // The master metric: a relative level no real regression reaches (100x its baseline) keeps DB time per second from
  // ever failing, which disables the gate whatever else may fail.
  constexpr double k_never_pct = 10000;
  if (const auto it = policy.metrics.find("db_time_per_s"); it != policy.metrics.end() && it->second.enabled) {
    const MetricPolicy& mp = it->second;
    for (const auto& [name, pct] : {std::pair{"fail_rel_pct", mp.fail_rel_pct}, std::pair{"rel_floor_pct", mp.rel_floor_pct}})
      if (pct >= k_never_pct)
        return fmt::format("DB time per second fails only past {} = {:g}% ({:g}x its baseline)", name, pct, 1 + pct / 100);
  }
  std::size_t enabled = 0;
  for (const auto& [key, mp] : policy.metrics) {
    if (!mp.enabled) continue;
    ++enabled;
    const MetricSpec* spec = find_metric(key);
    if (spec == nullptr) continue;
    const MetricRange range = metric_range(*spec);
    if (mp.fail_above && *mp.fail_above < range.high) return "";
    if (mp.fail_below && *mp.fail_below > range.low) return "";
    // A change fails only when material: past the absolute floor, which must lie within the metric's range.
    if (mp.fail_z && mp.direction != Direction::neutral && mp.abs_floor < range.high) return "";
  }
  if (enabled == 0) return "every metric is disabled";
  return "no enabled metric has a fail level within its range (fail_z with an absolute floor below the metric's "
         "highest value, fail_above below it, or fail_below above 0)";
}

CompareTable policy_table(const CheckPolicy& policy) {
  CompareTable t;
  t.key = "check_policy";
  t.title = fmt::format("Policy in force: {}", policy.source);
  t.columns = {{"key", "Key", "", ColumnKind::text, 0, ColumnRole::identifier},
               {"enabled", "Enabled", "", ColumnKind::text, 0, ColumnRole::label},
               {"direction", "Direction", "", ColumnKind::text, 0, ColumnRole::label},
               {"warn_z", "warn_z", "", ColumnKind::number, -1, ColumnRole::measure},
               {"fail_z", "fail_z", "", ColumnKind::number, -1, ColumnRole::measure},
               {"fail_rel_pct", "fail_rel_pct", "", ColumnKind::number, -1, ColumnRole::measure},
               {"abs_floor", "abs_floor", "", ColumnKind::number, -1, ColumnRole::measure},
               {"rel_floor_pct", "rel_floor_pct", "", ColumnKind::number, -1, ColumnRole::measure},
               {"warn_above", "warn_above", "", ColumnKind::number, -1, ColumnRole::measure},
               {"fail_above", "fail_above", "", ColumnKind::number, -1, ColumnRole::measure},
               {"warn_below", "warn_below", "", ColumnKind::number, -1, ColumnRole::measure},
               {"fail_below", "fail_below", "", ColumnKind::number, -1, ColumnRole::measure}};
  auto cell = [](const std::optional<double>& v) { return v ? CompareCell(*v) : CompareCell(); };
  for (const auto& m : all_metrics()) {
    const auto it = policy.metrics.find(std::string(m.key));
    if (it == policy.metrics.end()) continue;
    const auto& mp = it->second;
    CompareRow row;
    row.cells = {std::string(m.key),
                 std::string(mp.enabled ? "true" : "false"),
                 std::string(mp.direction == Direction::higher_is_worse    ? "higher_is_worse"
                             : mp.direction == Direction::higher_is_better ? "higher_is_better"
                                                                           : "neutral"),
                 CompareCell(mp.warn_z),
                 cell(mp.fail_z),
                 CompareCell(mp.fail_rel_pct),
                 CompareCell(mp.abs_floor),
                 CompareCell(mp.rel_floor_pct),
                 cell(mp.warn_above),
                 cell(mp.fail_above),
                 cell(mp.warn_below),
                 cell(mp.fail_below)};
    t.rows.push_back(std::move(row));
  }
  t.notes.push_back(fmt::format("load_matters = {}", policy.load_matters ? "true" : "false"));
  t.notes.push_back(fmt::format("spread_floor_pct = {:g}", policy.spread_floor_pct));
  if (!policy.gates.empty()) t.notes.push_back(fmt::format("gates named by the policy: {}", fmt::join(policy.gates, ", ")));
  if (const auto why = policy_cannot_fail(policy); !why.empty()) t.notes.push_back("no metric can fail: " + why);
  return t;
}
}  // namespace awrdiff
