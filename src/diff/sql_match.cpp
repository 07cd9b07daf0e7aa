// SQL across the two reports: statements paired by sql_id, then one-sided ones by text signature (the
// same statement under a new sql_id), literal SQL grouped by its signature, new / gone / not shown
// against each report's cut-off, per execution against volume (why_changed), and the statements a PL/SQL
// call runs (mark_plsql_children). Then the tables Top SQL, Literal SQL and SQL carrying the change.
#include <awrdiff/baseline.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/sql_text.hpp>

#include "diff/differ.hpp"
#include "diff/facts.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <set>
#include <string_view>

namespace awrdiff::detail {

std::string SqlPair::literal_group_text() const {
  const bool group_in_base = base == nullptr;
  const char* side = group_in_base ? "base" : "target";
  const std::size_t n = literal_group.size();
  if (sql_shape(any().text).binds > 0)
    return fmt::format("{} ({} ids in {})", group_in_base ? "literals -> binds" : "binds -> literals", n, side);
  return fmt::format("same shape, {} literal ids in {}", n, side);
}

std::string SqlPair::label() const {
  if (base != nullptr && target != nullptr && base->sql_id != target->sql_id)
    return fmt::format("{} -> {}", base->sql_id, target->sql_id);
  return any().sql_id;
}

namespace differ {

namespace {

constexpr std::size_t k_mixed_signature_chars = 60;  // text vs HTML: literal SQL grouped on this signature prefix

// A statement's metric in the registry: "sql:<sql_id>:<measure>".
std::string sql_key(const SqlStat& q, std::string_view measure) { return fmt::format("sql:{}:{}", q.sql_id, measure); }

// How many distinct words of four letters or more (identifiers split at '_' and '.') two texts share.
std::size_t shared_words(std::string_view a, std::string_view b) {
  auto words = [](std::string_view t) {
    std::set<std::string> out;
    std::string w;
    for (std::size_t i = 0; i <= t.size(); ++i) {
      const unsigned char ch = i < t.size() ? static_cast<unsigned char>(t[i]) : ' ';
      if (std::isalnum(ch) != 0) {
        w += static_cast<char>(std::tolower(ch));
      } else {
        if (w.size() >= 4) out.insert(w);
        w.clear();
      }
    }
    return out;
  };
  const auto wa = words(a), wb = words(b);
  std::size_t n = 0;
  for (const auto& w : wa) n += wb.count(w);
  return n;
}

// A PL/SQL call's elapsed time includes the SQL it runs, and AWR lists both: the statement is not a
// second cause but part of the call's. A statement (not PL/SQL) runs inside a call of the same module
//  - when its change is nearly the call's (90% to 100% of it, same direction), or
//  - when, in every period that lists it, that period lists the call too and the statement takes
//    nearly all of the call's elapsed (90% to 100%; with what the call's other statements found so
//    far take, never more than all of it): a maintenance job (dbms_part.cleanup_gidx_job) coalescing
//    one index in the base and another in the target runs under one sql_id while its child's
//    changes: the new child and the gone one are both the call's time, and the call's own change is
//    the cause. A statement that takes only part of a call's time is left alone: a module such as
//    "JDBC Thin Client" names a whole application, not one call.
// Where several calls fit, the one whose text shares most words with the statement's (cleanup_gidx_job
// and COALESCE CLEANUP; dbms_stats and its SQL Analyze queries), then the tightest fit.
void mark_plsql_children(std::vector<detail::SqlPair>& pairs) {
  for (auto& child : pairs) {
    if (!child.delta_aas || is_plsql_text(child.any().text)) continue;
    for (const auto& parent : pairs) {
      if (&parent == &child || !parent.delta_aas || !is_plsql_text(parent.any().text)) continue;
      if (parent.any().module != child.any().module) continue;
      const double pd = *parent.delta_aas, cd = *child.delta_aas;
      if (pd * cd <= 0 || std::fabs(cd) > std::fabs(pd) * 1.001 || std::fabs(cd) < 0.9 * std::fabs(pd)) continue;
      child.parent = parent.any().sql_id;
      break;
    }
  }
  std::map<const detail::SqlPair*, std::pair<double, double>> taken;  // a call's elapsed its children take, base / target
  for (auto& child : pairs) {
    if (!child.parent.empty() || child.any().module.empty() || is_plsql_text(child.any().text)) continue;
    const detail::SqlPair* best = nullptr;
    std::size_t best_words = 0;
    double best_fit = 0;
    for (const auto& parent : pairs) {
      if (&parent == &child || !is_plsql_text(parent.any().text) || parent.any().module != child.any().module ||
          parent.status == "impossible figures")
        continue;
      int sides = 0;
      double fit = 1;  // the smallest share of the call's elapsed the statement takes
      bool inside = true;
      for (const bool base_side : {true, false}) {
        const SqlStat* c = base_side ? child.base : child.target;
        if (c == nullptr || !c->elapsed_s) continue;
        const SqlStat* p = base_side ? parent.base : parent.target;
        const double used = base_side ? taken[&parent].first : taken[&parent].second;
        if (p == nullptr || !p->elapsed_s || *p->elapsed_s <= 0 || used + *c->elapsed_s > *p->elapsed_s * 1.001 + 0.1 ||
            *c->elapsed_s < 0.9 * *p->elapsed_s) {
          inside = false;
          break;
        }
        ++sides;
        fit = std::min(fit, *c->elapsed_s / *p->elapsed_s);
      }
      if (!inside || sides == 0) continue;
      const std::size_t words = shared_words(parent.any().text, child.any().text);
      if (best == nullptr || words > best_words || (words == best_words && fit > best_fit)) {
        best = &parent;
        best_words = words;
        best_fit = fit;
      }
    }
    if (best == nullptr) continue;
    child.parent = best->any().sql_id;
    auto& t = taken[best];
    if (child.base != nullptr && child.base->elapsed_s) t.first += *child.base->elapsed_s;
    if (child.target != nullptr && child.target->elapsed_s) t.second += *child.target->elapsed_s;
  }
}

// Signature groups of each report (signatures with a literal or a bind), for literal SQL and for matching across
// sql_ids; `base` is null for a single report.
std::map<std::string, detail::LiteralGroup> signature_groups(const Snapshot* base, const Snapshot& target) {
  const bool hb = base != nullptr;
  std::map<std::string, detail::LiteralGroup> groups;
  // Text reports cut SQL text: when the two reports differ in format, group on a common prefix.
  const bool mixed_formats = hb && base->format != target.format;
  auto collect = [&](const Snapshot& s, bool is_base) {
    for (const auto& q : s.sql) {
      if (q.text.empty() || !s.impossible_sql(q).empty()) continue;
      auto sig = sql_signature(q.text);
      if (mixed_formats && sig.size() > k_mixed_signature_chars) sig.resize(k_mixed_signature_chars);
      if (sig.find('?') == std::string::npos) continue;  // no literal or bind: nothing to fold
      auto& g = groups[sig];
      g.signature = sig;
      if (g.example.empty()) g.example = q.text;
      (is_base ? g.base : g.target).push_back(&q);
      auto& sum = is_base ? g.base_elapsed_s : g.target_elapsed_s;
      if (q.elapsed_s) sum = sum.value_or(0) + *q.elapsed_s;
    }
  };
  if (hb) collect(*base, true);
  collect(target, false);
  for (auto& [sig, g] : groups) {
    // A merged set's statement listed in some members only has no figures: the sum is then unknown.
    auto partial = [](const std::vector<const SqlStat*>& v) {
      return std::any_of(v.begin(), v.end(), [](const SqlStat* q) { return !q->elapsed_s; });
    };
    if (hb && base->members > 1 && partial(g.base)) g.base_elapsed_s.reset();
    if (target.members > 1 && partial(g.target)) g.target_elapsed_s.reset();
  }
  return groups;
}

// Keys that cannot match: one report keys its SQL by sql_id (AWR), the other by hash value (Statspack). Their
// statements are not paired at all, not even by text: a "match" there would be between unrelated keys (and say binds
// became literals where nothing changed). True when the keys match (or a side lists no SQL); else every pair is split.
bool keys_match_or_split(std::vector<detail::SqlPair>& pairs, const Snapshot& base, const Snapshot& target) {
  const bool keys_match = base.sql.empty() || target.sql.empty() || base.sql.front().id_kind == target.sql.front().id_kind;
  if (!keys_match) {
    std::vector<detail::SqlPair> split;
    for (auto& p : pairs)  // a hash value never equals a sql_id, but be sure
      if (p.base != nullptr && p.target != nullptr && p.base->id_kind != p.target->id_kind) {
        detail::SqlPair other;
        other.base = p.base;
        p.base = nullptr;
        split.push_back(other);
      }
    pairs.insert(pairs.end(), split.begin(), split.end());
  }
  return keys_match;
}

// One-sided statements, largest first: each new one paired with the base's one-sided statement of the same signature
// (exact, near: the same text but for comments, hints and spacing, or a prefix of a text the report cut), unless that
// signature is literal SQL (many ids: no one-to-one match). The base's statement it takes is consumed.
void pair_by_text(std::vector<detail::SqlPair>& pairs, const std::map<std::string, detail::LiteralGroup>& groups,
                  const Snapshot& base, const Snapshot& target) {
  auto one_sided = [&](bool base_side) {
    std::vector<std::size_t> idx;
    for (std::size_t i = 0; i < pairs.size(); ++i)
      if ((base_side ? pairs[i].target == nullptr : pairs[i].base == nullptr)) idx.push_back(i);
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
      return pairs[a].any().elapsed_s.value_or(0) > pairs[b].any().elapsed_s.value_or(0);
    });
    return idx;
  };
  auto is_literal = [&](const std::string& sig) {
    auto it = groups.find(sig);
    return it != groups.end() && (it->second.base.size() >= 2 || it->second.target.size() >= 2);
  };
  std::vector<std::size_t> gone_idx = one_sided(true), new_idx = one_sided(false);
  std::vector<bool> used(pairs.size(), false);
  // The compact signature of each one-sided statement, computed once (texts of dbms_stats' queries run to 27,000
  // characters).
  std::map<const SqlStat*, std::string> compact;
  auto compact_of = [&](const SqlStat& q) -> const std::string& {
    auto it = compact.find(&q);
    if (it == compact.end()) it = compact.emplace(&q, sql_compact_signature(q.text)).first;
    return it->second;
  };
  // The same statement but for comments, hints and spacing: the report's line wrapping splits a word or a quoted
  // name, and dbms_stats' "SQL Analyze" query of one table carries column directives in a comment that change
  // between runs (gkj36y6chsvh5 -> 390ps6515t2d8, the child of the stats job b6usrg82hwsa3 in RMGTIBN): taken
  // only with the same module and no other plan hash, after an exact signature and before a text cut by the report.
  auto near = [&](const SqlStat& b, const SqlStat& t) {
    if (b.module != t.module) return false;
    if (b.plan_hash_value && t.plan_hash_value && *b.plan_hash_value != 0 && *t.plan_hash_value != 0 &&
        *b.plan_hash_value != *t.plan_hash_value)
      return false;
    const auto& cb = compact_of(b);
    return !cb.empty() && cb == compact_of(t);
  };
  auto rank = [](SignatureMatch m) {
    return m == SignatureMatch::exact ? 3 : m == SignatureMatch::near ? 2 : m == SignatureMatch::prefix ? 1 : 0;
  };
  for (std::size_t ti : new_idx) {
    const SqlStat& t = *pairs[ti].target;
    if (target.members > 1 && !t.elapsed_s) continue;  // a set's statement listed in some members only: no figures
    const auto tsig = sql_signature(t.text);
    if (tsig.empty() || is_literal(tsig)) continue;
    std::size_t best = pairs.size();
    SignatureMatch best_match = SignatureMatch::none;
    for (std::size_t bi : gone_idx) {
      if (used[bi]) continue;
      const SqlStat& b = *pairs[bi].base;
      if (base.members > 1 && !b.elapsed_s) continue;
      const auto bsig = sql_signature(b.text);
      if (is_literal(bsig)) continue;
      auto m = match_signatures(bsig, tsig);
      if (m == SignatureMatch::prefix && !b.module.empty() && !t.module.empty() && b.module != t.module) m = SignatureMatch::none;
      if (m != SignatureMatch::exact && near(b, t)) m = SignatureMatch::near;
      if (m == SignatureMatch::none) continue;
      if (rank(m) > rank(best_match)) {
        best = bi;
        best_match = m;
      }
    }
    if (best == pairs.size()) continue;
    used[best] = true;
    pairs[ti].base = pairs[best].base;
    pairs[ti].text_match = best_match;
    pairs[ti].binds_changed = sql_shape(pairs[best].base->text).binds != sql_shape(t.text).binds;
    const bool complete = pairs[ti].base->text_complete && t.text_complete;
    const auto& bph = pairs[ti].base->plan_hash_value;
    const bool same_plan = bph && t.plan_hash_value && *bph != 0 && *bph == *t.plan_hash_value;
    pairs[ti].confidence = best_match == SignatureMatch::prefix
                               ? (same_plan ? "medium (text cut by the report, same plan hash)" : "low (text cut by the report)")
                           : best_match == SignatureMatch::near
                               ? (same_plan ? "high (same text but for comments and spacing, same module and plan hash)"
                                            : "medium (same text but for comments and spacing, same module)")
                           : complete || same_plan ? (same_plan ? "high (same plan hash)" : "high")
                                                   : "medium (text may be cut)";
    pairs[best].base = nullptr;  // consumed
  }
}

// Literal SQL against one statement of its shape: one side lists the shape under one sql_id, the other under two or
// more (literal SQL). When literals become binds the sql_id changes and the literal ids share one cursor: the
// statement is the group's work, not new (nor gone when binds become literals). It is paired with the group, whose
// ids are consumed; its other side is their sum (classified by match_sql).
void pair_literal_groups(std::vector<detail::SqlPair>& pairs, const std::map<std::string, detail::LiteralGroup>& groups) {
  for (const auto& [sig, g] : groups) {
    const bool group_in_base = g.target.size() == 1 && g.base.size() >= 2;
    if (!group_in_base && !(g.base.size() == 1 && g.target.size() >= 2)) continue;
    const SqlStat* one = group_in_base ? g.target.front() : g.base.front();
    const auto& members = group_in_base ? g.base : g.target;
    auto single = std::find_if(pairs.begin(), pairs.end(), [&](const detail::SqlPair& p) {
      return group_in_base ? p.target == one && p.base == nullptr : p.base == one && p.target == nullptr;
    });
    if (single == pairs.end()) continue;
    // Every member one-sided still (none paired by sql_id or text): else the shape is not one group.
    std::vector<std::size_t> idx;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const SqlStat* q = group_in_base ? pairs[i].base : pairs[i].target;
      const SqlStat* other = group_in_base ? pairs[i].target : pairs[i].base;
      if (q != nullptr && other == nullptr && std::find(members.begin(), members.end(), q) != members.end()) idx.push_back(i);
    }
    if (idx.size() != members.size()) continue;
    single->literal_group = members;
    for (std::size_t i : idx) (group_in_base ? pairs[i].base : pairs[i].target) = nullptr;  // consumed
  }
}

}  // namespace

// Pairs the statements of both reports: by sql_id, then one-sided ones by text signature (the
// same statement under a new sql_id), and groups literal SQL.
void Differ::match_sql() {
  const bool hb = has_base();
  const auto be = base_elapsed(), te = target_elapsed();
  std::map<std::string, detail::SqlPair> by_id;
  for (const auto& s : m_target.sql) by_id[s.sql_id].target = &s;
  if (hb)
    for (const auto& s : m_base->sql) by_id[s.sql_id].base = &s;
  std::vector<detail::SqlPair> pairs;
  for (auto& [id, p] : by_id) pairs.push_back(p);

  // Signature groups of each report, for literal SQL and for matching across sql_ids.
  const std::map<std::string, detail::LiteralGroup> groups = signature_groups(m_base, m_target);
  for (const auto& [sig, g] : groups)
    if (g.base.size() >= 3 || g.target.size() >= 3) m_facts.literal_groups.push_back(g);
  const bool keys_match = !hb || keys_match_or_split(pairs, *m_base, m_target);
  if (hb && keys_match) {
    pair_by_text(pairs, groups, *m_base, m_target);
    pair_literal_groups(pairs, groups);
    std::erase_if(pairs, [](const detail::SqlPair& p) { return p.base == nullptr && p.target == nullptr; });
  }

  for (auto& p : pairs) {
    p.base_rate = p.base != nullptr ? metric_value(*m_base, sql_key(*p.base, "elapsed_per_s")) : std::nullopt;
    p.target_rate = p.target != nullptr ? metric_value(m_target, sql_key(*p.target, "elapsed_per_s")) : std::nullopt;
    if (!hb) continue;
    if (!p.literal_group.empty()) {
      // The group's side: the sum over its ids the SQL lists give elapsed for. More ids of the shape hide
      // below that report's cut-off (each literal value is its own sql_id), so the sum is a lower bound:
      // the change is at most target - base when the group is the base's (literals became binds), at
      // least that when it is the target's; unknown when no id's elapsed is known.
      const bool group_in_base = p.base == nullptr;
      OptDouble sum;
      for (const auto* q : p.literal_group)
        if (q->elapsed_s) {
          sum = sum.value_or(0) + *q->elapsed_s;
          ++p.literal_known;
        }
      p.literal_elapsed_s = sum;
      (group_in_base ? p.base_rate : p.target_rate) = rate(sum, group_in_base ? be : te);
      p.status = "literal group";
      if (p.base_rate && p.target_rate) {
        p.delta_aas = *p.target_rate - *p.base_rate;
        p.bound = true;
        p.at_least = !group_in_base;
      }
      continue;
    }
    // Missing from one side: "new"/"gone" when its rate would have made that report's list (so it
    // really was smaller there), "not shown" when it could hide below the cut-off.
    auto classify = [&](const Snapshot& other, OptDouble present_rate, OptDouble other_elapsed, const char* changed,
                        const char* hidden) -> std::string {
      if (!other.has_sql_sections) return "not in report";
      // Statspack keys SQL by hash value, AWR by sql_id: absence under the other key says nothing.
      if (!other.sql.empty() && present_rate && !other.sql.front().id_kind.empty()) {
        if (p.any().id_kind != other.sql.front().id_kind) return "not in report";
      }
      // The cut-off as printed is rounded (0.1 s in text reports): leave a margin above it.
      auto cutoff =
          rate(other.sql_elapsed_cutoff_s ? OptDouble(*other.sql_elapsed_cutoff_s * 1.1 + 0.05) : std::nullopt, other_elapsed);
      if (present_rate && cutoff && *present_rate > *cutoff) return changed;
      return hidden;
    };
    if (p.base != nullptr && p.target != nullptr && p.base->elapsed_s && p.target->elapsed_s) p.status = "both";
    else if (p.base != nullptr && p.target != nullptr) p.status = p.base->elapsed_s ? "not shown in target" : "not shown in base";
    else if (p.target != nullptr) p.status = classify(*m_base, p.target_rate, be, "new", "not shown in base");
    else p.status = classify(m_target, p.base_rate, te, "gone", "not shown in target");

    if (p.status == "both") {
      p.delta_aas = *p.target_rate - *p.base_rate;
      p.why = why_changed(p);
    } else if (p.status == "new") {
      p.delta_aas = *p.target_rate - rate(m_base->sql_elapsed_cutoff_s, be).value_or(0);
      p.bound = true;
    } else if (p.status == "gone") {
      p.delta_aas = rate(m_target.sql_elapsed_cutoff_s, te).value_or(0) - *p.base_rate;
      p.bound = true;
      p.at_least = false;  // the target's elapsed was at most its cut-off
    }
  }
  // Figures that cannot be the period's (Snapshot::impossible_sql, named in the parse diagnostics) are
  // shown as printed but carry no change: never a cause, a finding or an offset.
  for (auto& p : pairs) {
    const bool base_bad = hb && p.base != nullptr && !m_base->impossible_sql(*p.base).empty();
    const bool target_bad = p.target != nullptr && !m_target.impossible_sql(*p.target).empty();
    if (!base_bad && !target_bad) continue;
    p.status = "impossible figures";
    p.delta_aas.reset();
    p.bound = false;
    p.why.clear();
  }
  std::stable_sort(pairs.begin(), pairs.end(), [](const detail::SqlPair& a, const detail::SqlPair& b) {
    return std::max(a.base_rate.value_or(0), a.target_rate.value_or(0)) >
           std::max(b.base_rate.value_or(0), b.target_rate.value_or(0));
  });
  mark_plsql_children(pairs);
  still_running_per_ash(pairs);
  m_facts.sql = std::move(pairs);
}

// The % Activity the report's ASH gives the first of `ids` it lists, with that id (a table of the report that gives a
// SQL ID and its % Activity: Top SQL with Top Events, Top SQL with Top Row Sources); empty when it lists none of them.
static std::optional<std::pair<std::string, double>> ash_activity(const Snapshot& s, const std::vector<std::string>& ids) {
  for (const auto& t : s.other_tables) {
    std::optional<std::size_t> id_col, pct_col;
    for (std::size_t i = 0; i < t.headers.size(); ++i) {
      const std::string h = detail::lower(t.headers[i]);
      if (h == "sql id") id_col = i;
      if (h == "% activity") pct_col = i;
    }
    if (!id_col || !pct_col) continue;
    for (const auto& id : ids)
      for (const auto& row : t.rows)
        if (row.size() > std::max(*id_col, *pct_col) && row[*id_col] == id)
          if (const double v = std::strtod(row[*pct_col].c_str(), nullptr); v > 0 && std::isfinite(v)) return std::pair{id, v};
  }
  return std::nullopt;
}

// A statement listed only in the earlier period (by end time) is not gone when the later period's ASH still samples it
// or a statement inside it (RMGTIBP 04:30 -> 05:00: the cleanup job 6frynf9v1m655, 4,221.6 s with no execution
// completed at 04:30, leaves the elapsed lists at 05:00 while its ALTER INDEX 4mcpvy4xp0cp2 holds 7.89% of ASH
// activity): a call still running, its later time not reported. No change is taken from the list's cut-off; it is said
// instead. Read by time, so the mirrored pair reads it alike (its "new" statement is the same call). A statement listed
// only in the later period keeps its change: the later report gives its time (RMGTIBN 06:30 -> 07:00's cleanup job
// +4,849 s, even though 06:30's ASH saw it start).
void Differ::still_running_per_ash(std::vector<detail::SqlPair>& pairs) const {
  if (!has_base()) return;
  const std::string base_end = iso_time(m_base->interval.end_time), target_end = iso_time(m_target.interval.end_time);
  if (base_end.empty() || target_end.empty() || base_end == target_end) return;
  const bool base_earlier = base_end < target_end;
  for (auto& p : pairs) {
    const bool gone = p.status == "gone";
    if (!(gone && base_earlier) && !(p.status == "new" && !base_earlier)) continue;
    std::vector<std::string> ids{p.any().sql_id};
    for (const auto& c : pairs)
      if (c.parent == p.any().sql_id || (!p.parent.empty() && c.any().sql_id == p.parent)) ids.push_back(c.any().sql_id);
    const auto seen = ash_activity(gone ? m_target : *m_base, ids);
    if (!seen) continue;
    p.status = "running (ASH)";
    p.delta_aas.reset();
    p.bound = false;
    p.why = fmt::format(
        "not in the later report's SQL lists, but its ASH shows {} at {}% of activity: still running across "
        "the snapshots, not {}",
        seen->first == p.any().sql_id ? std::string("it") : seen->first, detail::grouped(seen->second, 2), gone ? "gone" : "new");
  }
}

// Per execution vs volume: "the same work got slower" or "more work".
std::string Differ::why_changed(const detail::SqlPair& p) const {
  const auto& b = *p.base;
  const auto& t = *p.target;
  if (!assess("sql.elapsed_per_s", p.base_rate, p.target_rate).material()) return "";
  if (!b.executions || !t.executions) return "";
  if (*b.executions == 0 || *t.executions == 0)
    return "no execution completed in one period: its calls ran across the snapshots (long calls, or sessions held in it)";
  // Within the period's length to the second or so, its timing: 1,806.65 s per execution in a 30.1-minute period
  // spans it; 545 of 600 s is a slow execution, no span.
  constexpr double k_spans_period = 0.98;
  // An execution as long as the period (2 -> 2 executions of 1,806 s in 30 minutes): each one spans the snapshots, so its
  // time per execution is the period's length, not its speed.
  auto spans = [](const SqlStat& q, const Snapshot& s) {
    return q.elapsed_s && s.interval.elapsed_s && *s.interval.elapsed_s > 0 && *q.executions > 0 &&
           *q.elapsed_s / *q.executions >= k_spans_period * *s.interval.elapsed_s;
  };
  if (spans(b, *m_base) || spans(t, m_target)) {
    const SqlStat& q = spans(t, m_target) ? t : b;
    const Snapshot& s = spans(t, m_target) ? m_target : *m_base;
    return fmt::format(
        "each execution spans the period ({} s per execution in a {}-minute period): its time per execution is "
        "the length of the period, not its speed",
        detail::grouped(*q.elapsed_s / *q.executions, 0), detail::grouped(*s.interval.elapsed_s / 60, 0));
  }
  auto bx = metric_value(*m_base, sql_key(b, "executions_per_s")), tx = metric_value(m_target, sql_key(t, "executions_per_s"));
  auto per_exec = assess("sql.elapsed_per_exec_ms", metric_value(*m_base, sql_key(b, "elapsed_per_exec_ms")),
                         metric_value(m_target, sql_key(t, "elapsed_per_exec_ms")));
  auto volume = assess("sql.executions_per_s", bx, tx);
  std::vector<std::string> parts;
  if (per_exec.material() && per_exec.rel_pct)
    parts.push_back(fmt::format("{} per execution ({})", *per_exec.delta > 0 ? "slower" : "faster", fmt_pct(*per_exec.rel_pct)));
  if (volume.material() && volume.rel_pct)
    parts.push_back(fmt::format("{} executions per second ({})", *volume.delta > 0 ? "more" : "fewer", fmt_pct(*volume.rel_pct)));
  if (parts.empty()) return "";
  if (parts.size() == 1 && per_exec.material()) {
    // Whether each execution did the same work: buffer gets per execution (SQL ordered by Gets).
    const auto gb = metric_value(*m_base, sql_key(b, "gets_per_exec")), gt = metric_value(m_target, sql_key(t, "gets_per_exec"));
    if (gb && gt && *gb > 0 && *gt > 0) {
      const double ratio = *gt / *gb;
      const bool slower = *per_exec.delta > 0;
      if ((slower && ratio >= 1.5) || (!slower && ratio <= 1 / 1.5))
        return fmt::format("{}: each execution did {} work, buffer gets per execution {} -> {} (a plan or data change)", parts[0],
                           slower ? "more" : "less", detail::grouped(*gb, 0), detail::grouped(*gt, 0));
      if (ratio < 1.2 && ratio > 1 / 1.2) return parts[0] + ": the same work got " + (slower ? "slower" : "faster");
    }
    return parts[0];
  }
  if (parts.size() == 1) return parts[0] + ": " + (*volume.delta > 0 ? "more" : "less") + " work at the same speed";
  return parts[0] + " and " + parts[1];
}

void Differ::sql() {
  match_sql();
  CompareTable t;
  t.key = "top_sql";
  t.title = "Top SQL by elapsed time";
  const bool hb = has_base();
  t.columns.push_back({"sql_id", "SQL Id", "", ColumnKind::text, 0, ColumnRole::identifier});
  if (hb) t.columns.push_back({"status", "Status", "", ColumnKind::text, 0, ColumnRole::label});
  if (hb) t.columns.push_back({"base_elapsed_s", "Base elapsed (s)", "s", ColumnKind::number, 1});
  t.columns.push_back({"target_elapsed_s", hb ? "Target elapsed (s)" : "Elapsed (s)", "s", ColumnKind::number, 1});
  if (hb) t.columns.push_back({"rate_change_pct", "Change /s", "%", ColumnKind::change_pct, 0});
  if (hb) t.columns.push_back({"base_executions", "Base execs", "", ColumnKind::number, 0});
  t.columns.push_back({"target_executions", hb ? "Target execs" : "Execs", "", ColumnKind::number, 0});
  if (hb) t.columns.push_back({"base_elapsed_per_exec_ms", "Base ms/exec", "ms", ColumnKind::number, -1});
  t.columns.push_back({"target_elapsed_per_exec_ms", hb ? "Target ms/exec" : "ms/exec", "ms", ColumnKind::number, -1});
  t.columns.push_back({"module_text", "Module / SQL text", "", ColumnKind::text, 0, ColumnRole::detail});

  // The status as a presence where the statement is missing from one report: not shown there (below its
  // cut-off), not in that report (no SQL section, or another key), or new / gone (it would have made that list).
  auto status_cell = [](const std::string& status) -> CompareCell {
    if (status == "new") return OneSided{OneSided::Which::new_in_target};
    if (status == "gone") return OneSided{OneSided::Which::gone_from_target};
    if (status == "not shown in base") return Unknown{Unknown::Why::not_shown, Unknown::Side::base};
    if (status == "not shown in target") return Unknown{Unknown::Why::not_shown, Unknown::Side::target};
    if (status == "not in report") return Unknown{Unknown::Why::not_in_report};
    return status;
  };
  bool any_text_match = false, any_literal_group = false, any_near = false;
  std::size_t shown = 0;
  for (const auto& p : m_facts.sql) {
    if (!((p.base != nullptr && p.base->elapsed_s) || (p.target != nullptr && p.target->elapsed_s))) continue;
    if (shown++ >= static_cast<std::size_t>(m_opt.top_sql)) break;
    CompareRow r;
    r.cells.push_back(p.label());
    if (hb) {
      CompareCell status = status_cell(p.status);
      if (p.text_match != SignatureMatch::none) {
        status = std::string(p.base->id_kind != p.target->id_kind   ? "matched by text"
                             : p.binds_changed                      ? "same text, binds changed"
                             : p.text_match == SignatureMatch::near ? "sql_id changed"
                                                                    : "same shape, other literals");
        any_text_match = true;
        any_near = any_near || p.text_match == SignatureMatch::near;
      }
      // Literal SQL against one statement of its shape: the group's side is what the lists give for its ids,
      // at least that (a bound), unknown when they give none.
      const bool group = p.status == "literal group";
      if (group) {
        status = p.literal_group_text();
        any_literal_group = true;
      }
      auto group_cell = [&]() -> CompareCell {
        return p.literal_elapsed_s ? CompareCell(Bound{*p.literal_elapsed_s, true}) : CompareCell();
      };
      r.cells.push_back(std::move(status));
      r.cells.push_back(p.base != nullptr ? cell(p.base->elapsed_s) : group ? group_cell() : CompareCell());
    }
    r.cells.push_back(p.target != nullptr                                  ? cell(p.target->elapsed_s)
                      : p.status == "literal group" && p.literal_elapsed_s ? CompareCell(Bound{*p.literal_elapsed_s, true})
                                                                           : CompareCell());
    if (hb) {
      // Missing from one side: new or gone, else the change is unknown. A literal group's: a bound.
      const auto pct = change_pct(p.base_rate, p.target_rate);
      if (p.status == "both") r.cells.push_back(cell(pct));
      else if (p.status == "new" || p.status == "gone") r.cells.push_back(status_cell(p.status));
      else if (p.status == "literal group" && p.delta_aas && pct) r.cells.push_back(Bound{*pct, p.at_least});
      else r.cells.push_back(Unknown{Unknown::Why::no_change});
      r.cells.push_back(p.base != nullptr ? cell(p.base->executions) : CompareCell());
    }
    r.cells.push_back(p.target != nullptr ? cell(p.target->executions) : CompareCell());
    auto per_exec_ms = [](const Snapshot& snap, const SqlStat* s) -> CompareCell {
      return s != nullptr ? cell(metric_value(snap, sql_key(*s, "elapsed_per_exec_ms"))) : CompareCell();
    };
    if (hb) r.cells.push_back(per_exec_ms(*m_base, p.base));
    r.cells.push_back(per_exec_ms(m_target, p.target));
    r.cells.push_back(detail::sql_display_text(p.any(), 60));
    t.rows.push_back(std::move(r));
  }
  if (hb) {
    t.notes.push_back(
        "new / gone = absent from one report's SQL lists although its rate would have made that list: it was "
        "at most that report's cut-off there.");
    t.notes.push_back(
        "not shown = absent from one report's lists and small enough to hide below its cut-off: unknown, not zero.");
    t.notes.push_back(
        "Change /s = change of elapsed time per second of the period. SQL is matched by sql_id, then by "
        "normalised text (literals and binds folded).");
    if (any_text_match)
      t.notes.push_back(
          "base id -> target id: the same statement under a new sql_id, matched by its text with literals and "
          "binds folded (literals became binds, or literal SQL with other values).");
    if (any_near)
      t.notes.push_back(
          "sql_id changed: the same statement, of the same module and plan hash where both give one, whose text differs "
          "only in comments, hints or spacing (the report's line wrapping, a comment that changes per run), so it runs "
          "under another sql_id.");
    if (any_literal_group)
      t.notes.push_back(
          "literals -> binds (or binds -> literals): the statement's shape, literals and binds folded, is the other "
          "report's literal SQL (that many listed sql_ids). That side is the sum over the ids its lists give elapsed "
          "for, at least that (≥; more ids of the shape hide below its cut-off), so the change is a bound.");
  }
  m_out.tables.push_back(std::move(t));
  literal_sql();
  if (hb) sql_carriers();
}

// Statements listed under 3 or more sql_ids of one report: literal SQL.
void Differ::literal_sql() {
  if (m_facts.literal_groups.empty()) return;
  const bool hb = has_base();
  CompareTable t;
  t.key = "literal_sql";
  t.title = "Literal SQL: one statement shape under many sql_ids";
  t.columns.push_back({"shape", "Statement (one of them)", "", ColumnKind::text, 0, ColumnRole::name});
  if (hb) t.columns.push_back({"base_sql_ids", "Base sql_ids", "", ColumnKind::number, 0});
  t.columns.push_back({"target_sql_ids", hb ? "Target sql_ids" : "sql_ids", "", ColumnKind::number, 0});
  if (hb) t.columns.push_back({"base_elapsed_s", "Base elapsed (s)", "s", ColumnKind::number, 1});
  t.columns.push_back({"target_elapsed_s", hb ? "Target elapsed (s)" : "Elapsed (s)", "s", ColumnKind::number, 1});
  t.columns.push_back({"examples", "For example", "", ColumnKind::text, 0});
  for (const auto& g : m_facts.literal_groups) {
    CompareRow r;
    r.cells.push_back(detail::short_text(g.example, 60));
    if (hb) r.cells.push_back(static_cast<double>(g.base.size()));
    r.cells.push_back(static_cast<double>(g.target.size()));
    if (hb) r.cells.push_back(cell(g.base_elapsed_s));
    r.cells.push_back(cell(g.target_elapsed_s));
    std::string ids;
    for (const auto* list : {&g.target, &g.base})
      for (const auto* q : *list)
        if (ids.size() < 40 && ids.find(q->sql_id) == std::string::npos) ids += (ids.empty() ? "" : ", ") + q->sql_id;
    r.cells.push_back(ids);
    t.rows.push_back(std::move(r));
  }
  t.notes.push_back(
      "Counted among the statements the SQL lists show (top-N): the real number of sql_ids is higher. Each "
      "literal value is a new sql_id and a hard parse; bind variables fold them into one.");
  m_out.tables.push_back(std::move(t));
}

namespace {

// The note under the SQL carrying the change: how the statements listed reconcile with the change of DB time per
// second `delta`; `any_at_most`: a change listed is a bound "or less".
std::string carriers_reconciliation(const std::vector<detail::SqlPair>& sql, const std::vector<const detail::SqlPair*>& list,
                                    double delta, bool shares, bool& any_at_most) {
  // How the statements reconcile with the change: each counted once (a call's statements in the call), a new or
  // gone one at its list's cut-off; the other statements of the lists; and the rest, which no list attributes.
  double listed = 0, others = 0;
  bool listed_low = false, listed_high = false;  // a new statement listed (its change a bound), a gone one
  bool listed_group = false;  // a literal group listed
  std::size_t other_count = 0;
  for (const auto& p : sql) {
    if (!p.delta_aas || !p.parent.empty()) continue;
    if (std::find(list.begin(), list.end(), &p) != list.end()) {
      listed += *p.delta_aas;
      if (p.bound && p.status == "literal group") listed_group = true;
      else if (p.bound) (*p.delta_aas > 0 ? listed_low : listed_high) = true;
      if (p.bound && p.at_least != (*p.delta_aas > 0)) any_at_most = true;
    } else {
      others += *p.delta_aas;
      ++other_count;
    }
  }
  auto aas = [](double v) { return fmt::format("{:+.3f} AAS", v); };
  auto share = [&](double v) { return shares ? fmt::format(" ({}%)", detail::grouped(v / delta * 100, 0)) : std::string(); };
  // A new or gone statement's change is a bound (the other list's cut-off): the net and the rest are as near as
  // the lists tell, said in words rather than as a bound whose direction would read two ways.
  std::string recon = fmt::format(
      "The change in DB time per second is {}. The statements above, each counted once (a "
      "statement a PL/SQL call runs in the call's), net {}{}",
      aas(delta), aas(listed), share(listed));
  if (listed_low || listed_high) {
    const char* which = listed_low && listed_high ? "each new and gone" : listed_low ? "each new" : "each gone";
    recon += fmt::format(", {} statement's change taken at the other list's cut-off (a bound)", which);
  }
  if (listed_group) recon += ", a literal group's change taken from the elapsed its lists give for its ids (a bound)";
  if (other_count > 0)
    recon += fmt::format("; the other {} statement{} of the SQL lists net {}{}", other_count, other_count == 1 ? "" : "s",
                         aas(others), share(others));
  const double rest = delta - listed - others;
  // A statement still running across the snapshots (gone from the target's lists, sampled by its ASH): its time in the
  // target is part of the rest.
  std::vector<std::string> running;
  for (const auto& p : sql)
    if (p.status == "running (ASH)" && p.parent.empty()) running.push_back(p.any().sql_id);
  recon += fmt::format(
      "; not attributed {}{}: statements below both reports' top-N lists, whose changes are unknown, {}"
      "and time in no listed statement (commits, logons, parsing outside them).",
      aas(rest), share(rest),
      running.empty() ? std::string()
                      : fmt::format("the later period's time of {} (still running, not in its lists: its ASH samples it), ",
                                    fmt::join(running, ", ")));
  return recon;
}

}  // namespace

// The statements that carry the change in DB time per second, ranked by their share of it, then those that moved
// against it (negative shares: a job that ran in the base only offsets the queries that grew), and in a note how the
// statements listed reconcile with the change: their net, the rest of the SQL lists, and what no list attributes.
void Differ::sql_carriers() {
  const auto delta = m_facts.delta_db_time_aas();
  if (!delta || *delta == 0) return;
  constexpr std::size_t k_with = 10, k_against = 5;  // rows in the direction of the change, against it
  std::vector<const detail::SqlPair*> with, against;
  for (const auto& p : m_facts.sql)
    if (p.delta_aas && *p.delta_aas != 0 &&
        assess("sql.elapsed_per_s", p.base_rate.value_or(0), p.target_rate.value_or(0)).material())
      (*p.delta_aas * *delta > 0 ? with : against).push_back(&p);
  if (with.empty() && against.empty()) return;
  for (auto* v : {&with, &against}) {
    // Largest first; a call before the statement it runs when their changes are equal (a job and its only child).
    std::stable_sort(v->begin(), v->end(), [](const auto* a, const auto* b) {
      const double x = std::fabs(*a->delta_aas), y = std::fabs(*b->delta_aas);
      return x != y ? x > y : a->parent.empty() && !b->parent.empty();
    });
    if (v->size() > (v == &with ? k_with : k_against)) v->resize(v == &with ? k_with : k_against);
  }
  std::vector<const detail::SqlPair*> list = with;
  list.insert(list.end(), against.begin(), against.end());
  CompareTable t;
  t.key = "sql_carriers";
  t.changes_only = true;
  t.title = "SQL carrying the change in DB time per second";
  t.columns = {{"sql_id", "SQL Id", "", ColumnKind::text, 0, ColumnRole::identifier},
               {"delta_aas", "Δ elapsed /s", "AAS", ColumnKind::delta, 3, ColumnRole::change},
               {"share_pct", "Share of Δ DB time (%)", "%", ColumnKind::number, 0, ColumnRole::measure},
               {"why", "Per execution vs volume", "", ColumnKind::text, 0, ColumnRole::detail},
               {"text", "Module / SQL text", "", ColumnKind::text, 0, ColumnRole::detail}};
  const bool shares = shares_mean_something();
  for (const auto* p : list) {
    CompareRow r;
    r.cells.push_back(p->label());
    // New or gone: the change taken from the other list's cut-off, at least that much either way.
    r.cells.push_back(p->bound ? CompareCell(Bound{*p->delta_aas, p->at_least}) : CompareCell(*p->delta_aas));
    // A statement inside a PL/SQL call is part of the call's share, not a second one: shares never add
    // past 100% through parent and child. When the call is not listed here its own change is small or
    // the other way (a job that coalesced another index): the statement's change is the call's, not a cause.
    const bool inside = !p->parent.empty();
    const bool parent_listed =
        inside && std::any_of(list.begin(), list.end(), [&](const auto* x) { return x->any().sql_id == p->parent; });
    if (inside) r.cells.push_back(CountedIn{p->parent});
    else if (!shares) r.cells.push_back(CompareCell());
    else if (p->status == "literal group") r.cells.push_back(Bound{*p->delta_aas / *delta * 100, p->at_least == (*delta > 0)});
    else r.cells.push_back(*p->delta_aas / *delta * 100);
    std::string why = p->why;
    if (p->status == "new") why = "new: not in the base's lists";
    if (p->status == "gone") why = "gone: not in the target's lists";
    if (p->status == "literal group")
      why = fmt::format("{}, elapsed known for {} of them", p->literal_group_text(), p->literal_known);
    if (inside) {
      why += (why.empty() ? "" : "; ") + fmt::format("probably runs inside PL/SQL {}", p->parent);
      if (!parent_listed)
        for (const auto& q : m_facts.sql)
          if (q.any().sql_id == p->parent && q.delta_aas) {
            why += fmt::format(", whose own change is {:+.3f} AAS", *q.delta_aas);
            break;
          }
    }
    r.cells.push_back(why);
    r.cells.push_back(detail::sql_display_text(p->any(), 60));
    t.rows.push_back(std::move(r));
  }
  bool any_at_most = false;  // a change "or less"
  t.notes.push_back(carriers_reconciliation(m_facts.sql, list, *delta, shares, any_at_most));
  t.notes.push_back(
      "Share of Δ DB time = the statement's change in elapsed per second / the change in DB time per second; a negative "
      "share moved against the change and offsets part of it. A statement a PL/SQL call runs is counted in the call's "
      "share (\"in <call>'s\"), listed or not; parallel slaves' time counts once per slave; a call's statements not "
      "recognised as its own count twice.");
  t.notes.push_back("\"or more\": one side is below its report's cut-off, so the change is a bound.");
  if (any_at_most)
    t.notes.push_back(
        "\"or less\": one side is literal SQL whose ids its lists show in part (more hide below its cut-off), so "
        "the change is at most this much.");
  m_out.tables.push_back(std::move(t));
}

}  // namespace differ

}  // namespace awrdiff::detail
