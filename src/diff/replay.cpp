// One workload on both sides (CompareOptions::one_workload: the two periods of a Compare Periods report, or
// `--replay`): the kind of pair (a Database Replay capture and its replay, AWR data under another DB Id,
// another release), whether the work was the same in total over periods of any length, and what it cost per
// unit of work, statement by statement. A replay runs the captured calls at its own pace: DB time per second
// says little when the replay took five times as long for the same calls; DB time per call says it.
#include <awrdiff/catalog.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/metrics.hpp>

#include "diff/differ.hpp"
#include "diff/facts.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace awrdiff::detail {

std::string replay_role(const Snapshot& s) {
  if (!s.interval.replay_role.empty()) return s.interval.replay_role;
  // An AWR report: the capture's sessions wait on "WCR: capture file IO write"; the replay clients on "WCR: replay
  // client notify" (an idle event, listed among the background events or the foreground ones).
  for (const auto* list : {&s.foreground_events, &s.background_events, &s.top_events})
    for (const auto& e : *list) {
      const bool used = e.time_s.value_or(0) > 0 || e.waits.value_or(0) > 0;
      if (used && e.name.rfind("WCR: capture", 0) == 0) return "capture";
      if (used && e.name.rfind("WCR: replay", 0) == 0) return "replay";
    }
  return {};
}

}  // namespace awrdiff::detail

namespace awrdiff::detail::differ {

namespace {

std::string count(double v) { return detail::grouped(v, v >= 100 ? 0 : 1); }
std::string ms(double v) { return detail::grouped(v, v >= 99.95 ? 0 : v >= 9.995 ? 1 : v >= 0.9995 ? 2 : 3); }

}  // namespace

// "capture vs replay, another DB Id (imported AWR: SDB2 414206046 -> DB26 914873574), another release (19.0.0.0.0 ->
// 23.26.1.0.0)", or empty for two periods of one database and release with no replay in either.
std::string Differ::pair_kind() const {
  std::vector<std::string> kinds;
  const std::string rb = detail::replay_role(*m_base), rt = detail::replay_role(m_target);
  if (rb == "capture" && rt == "replay") kinds.emplace_back("Database Replay capture vs replay");
  else if (rt == "replay") kinds.emplace_back("Database Replay (the target a replay)");
  else if (rb == "capture") kinds.emplace_back("Database Replay (the base a capture)");
  const auto& b = m_base->database;
  const auto& t = m_target.database;
  if (b.dbid && t.dbid && *b.dbid != *t.dbid)
    kinds.push_back(fmt::format("another DB Id (imported AWR: {} {} -> {} {})", b.name, *b.dbid, t.name, *t.dbid));
  if (!b.release.empty() && !t.release.empty() && b.release != t.release)
    kinds.push_back(fmt::format("another release ({} -> {})", b.release, t.release));
  std::string out;
  for (const auto& k : kinds) out += (out.empty() ? "" : ", ") + k;
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

// The kind of pair as a not-comparable headline names it: pair_kind(), and for two RAC sets the database and their
// instance counts first ("RAC periods of STXPRD (DB Id 3287654263), 1 instance vs 2, Database Replay (the target a
// replay)"); empty for two periods of one instance.
std::string Differ::pair_label() const {
  std::string kind = pair_kind();
  if (m_base->kind != ReportKind::awr_global && m_target.kind != ReportKind::awr_global) return kind;
  auto count = [](const Snapshot& s) { return s.database.instances.value_or(1); };
  const auto& db = m_target.database;
  std::string rac = fmt::format("RAC periods of {}{}, {} instance{} vs {}", db.name,
                                db.dbid ? fmt::format(" (DB Id {})", *db.dbid) : std::string(), count(*m_base),
                                count(*m_base) == 1 ? "" : "s", count(m_target));
  return kind.empty() ? rac : rac + ", " + kind;
}

// The headline of one workload on both sides: the kind of pair, the same work or not (in total: per second x
// elapsed), the DB time per unit of work, and the statements slower per execution. Sets the verdict on the
// DB time per unit of work: user calls (what a replay replays), else executions, else transactions.
void Differ::one_workload_headline(const std::string& kind) {
  auto& o = m_out;
  struct Unit {
    const char *load_key, *name, *cost_key, *cost_name;
    double cost_scale;  // to ms
  };
  static constexpr Unit k_units[] = {{"load_profile.user_calls", "user calls", "db_time_per_call_ms", "user call", 1},
                                     {"load_profile.executes", "executions", "db_time_per_exec_ms", "execution", 1},
                                     {"transactions_per_s", "transactions", "db_time_per_txn_s", "transaction", 1000}};
  const double be = base_elapsed().value_or(0), te = target_elapsed().value_or(0);
  std::vector<std::string> work, costs;
  const Unit* lead = nullptr;
  OptDouble work_pct, cost_pct;
  for (const auto& u : k_units) {
    const OptDouble lb = metric_value(*m_base, u.load_key), lt = metric_value(m_target, u.load_key);
    if (!lb || !lt || be <= 0 || te <= 0) continue;
    // A rate printed to a tenth and under 0.5 /s (a compare report's "Transactions: 0.0 0.3"): its total over the
    // period is off by up to half a step times the elapsed time (0.0 /s over 603 s is 0 to 30), so it is not totalled.
    auto coarse = [](double v) { return v < 0.5 && std::fabs(v * 10 - std::round(v * 10)) < 1e-9; };
    if (coarse(*lb) || coarse(*lt)) {
      work.push_back(fmt::format("{} {} -> {} /s (printed to 0.1 /s: too coarse to total)", u.name, detail::grouped(*lb, 1),
                                 detail::grouped(*lt, 1)));
      continue;
    }
    const double tb = *lb * be, tt = *lt * te;
    const OptDouble pct = change_pct(tb, tt);
    work.push_back(fmt::format("{} {} -> {} in total ({} -> {} /s){}", u.name, count(tb), count(tt), detail::grouped(*lb, 1),
                               detail::grouped(*lt, 1), pct ? ", " + fmt_pct(*pct) : std::string()));
    const OptDouble cb = metric_value(*m_base, u.cost_key), ct = metric_value(m_target, u.cost_key);
    if (cb && ct && *cb > 0 && *ct > 0) {
      const OptDouble cp = change_pct(*cb, *ct);
      costs.push_back(fmt::format("per {} {} -> {} ms ({})", u.cost_name, ms(*cb * u.cost_scale), ms(*ct * u.cost_scale),
                                  cp ? fmt_pct(*cp) : std::string("?")));
      if (lead == nullptr && tb > 0 && tt > 0) {
        lead = &u;
        work_pct = pct;
        cost_pct = cp;
      }
    }
  }
  std::string head = kind + ": ";
  if (lead == nullptr || !work_pct || !cost_pct) {
    o.verdict = Verdict::not_comparable;
    o.headline = head +
                 "no unit of work (user calls, executions, transactions) is known on both sides, so neither the "
                 "work nor its cost per unit can be compared";
    return;
  }
  constexpr double k_same_work_pct = 10, k_cost_pct = 10;
  const bool same = std::fabs(*work_pct) <= k_same_work_pct;
  head += same ? fmt::format("the same work ({})", lead->name)
               : fmt::format("{} work ({} {})", *work_pct > 0 ? "more" : "less", lead->name, fmt_pct(*work_pct));
  o.verdict = std::fabs(*cost_pct) <= k_cost_pct ? Verdict::unchanged : *cost_pct > 0 ? Verdict::regressed : Verdict::improved;
  head += o.verdict == Verdict::unchanged   ? ", the same DB time per unit of work"
          : o.verdict == Verdict::regressed ? ", slower per unit of work"
                                            : ", faster per unit of work";
  head += fmt::format(": DB time {}; work: {}", fmt::join(costs, ", "), fmt::join(work, "; "));
  if (const std::string sql = slower_statements(o.verdict != Verdict::improved); !sql.empty())
    head += fmt::format("; {} per execution: {}", o.verdict != Verdict::improved ? "slower" : "faster", sql);
  o.headline = head;
  // The findings were ranked by their change per second, which a replay of the same work in another length of time
  // turns around (a slower replay lowers every rate): the findings in the direction of the DB time per unit of work
  // lead, each group in its order.
  if (o.verdict == Verdict::regressed || o.verdict == Verdict::improved) {
    const ChangeKind lead_kind = o.verdict == Verdict::regressed ? ChangeKind::worse : ChangeKind::better;
    std::stable_partition(o.findings.begin(), o.findings.end(), [&](const Finding& f) { return f.direction == lead_kind; });
  }
}

// The statements of both sides (matched by sql_id or text signature) whose elapsed per execution moved the most
// in the direction asked, weighed by the target's executions: "b2qn7pm3mdr7u 0.77 -> 0.44 ms" (at most three).
std::string Differ::slower_statements(bool slower) const {
  std::vector<std::pair<double, std::string>> found;
  for (const auto& p : m_facts.sql) {
    if (p.base == nullptr || p.target == nullptr) continue;
    const auto& b = *p.base;
    const auto& t = *p.target;
    if (!b.elapsed_s || !t.elapsed_s || !b.executions || !t.executions || *b.executions <= 0 || *t.executions <= 0) continue;
    const double pb = *b.elapsed_s / *b.executions * 1000, pt = *t.elapsed_s / *t.executions * 1000;
    const double weight = (pt - pb) * *t.executions;
    if ((slower ? weight : -weight) <= 0 || std::fabs(pt - pb) < 0.1 * std::max(pb, pt)) continue;
    found.emplace_back(std::fabs(weight), fmt::format("{} {} -> {} ms", p.label(), ms(pb), ms(pt)));
  }
  std::sort(found.begin(), found.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  std::string out;
  for (std::size_t i = 0; i < found.size() && i < 3; ++i) out += (i == 0 ? "" : ", ") + found[i].second;
  return out;
}

}  // namespace awrdiff::detail::differ
