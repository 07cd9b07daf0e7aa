// The verdict and the headline: regressed, improved, unchanged or load changed (busier is not slower:
// load_shift), the causes named in it (events, the time outside DB CPU and waits, time model statistics,
// then the SQL that carry them; a time model statistic and one it contains never both), and
// Comparison::contributors.
#include <awrdiff/catalog.hpp>
#include <awrdiff/diff.hpp>

#include "diff/differ.hpp"
#include "diff/facts.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <set>
#include <string_view>

namespace awrdiff::detail::differ {

namespace {

// Time model statistics and the statistics they contain (V$SYS_TIME_MODEL's tree under DB time).
bool time_model_contains(const std::string& parent, const std::string& child) {
  static const std::pair<std::string_view, std::string_view> k_edges[] = {
      {"parse time elapsed", "hard parse elapsed time"},
      {"parse time elapsed", "failed parse elapsed time"},
      {"hard parse elapsed time", "hard parse (sharing criteria) elapsed time"},
      {"hard parse elapsed time", "hard parse (bind mismatch) elapsed time"},
      {"failed parse elapsed time", "failed parse (out of shared memory) elapsed time"},
      {"hard parsing", "hard parse (sharing criteria) elapsed time"},  // renamed for the headline
      {"hard parsing", "hard parse (bind mismatch) elapsed time"},
  };
  const auto p = detail::lower(parent), c = detail::lower(child);
  for (const auto& [a, b] : k_edges) {
    if (a != p) continue;
    if (b == c || time_model_contains(std::string(b), c)) return true;
  }
  return false;
}

std::string and_join(const std::vector<std::string>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i == 0 ? "" : (i + 1 == v.size() ? " and " : ", ")) + v[i];
  return out;
}

// The causes of a change of DB time per second (`delta`, AAS; `te`: the target's elapsed seconds), for the headline
// and Comparison::contributors: one to three of the events (DB CPU, waits, the time outside both, named `outside`)
// and time model statistics, largest first, then the SQL that carry them.
struct Causes {
  std::vector<Contributor> named;  // events and time model statistics
  std::vector<Contributor> top_sql;  // the statements that carry them
  std::vector<Contributor> sql_all;  // every top-level statement of both reports
};

template <class IsContention>
Causes rank_causes(const std::vector<Item>& events, const std::vector<Item>& time_model, const Facts& facts,
                   const std::string& outside, double te, double delta, IsContention is_contention) {
  std::vector<Contributor> ev;
  for (const auto& it : events) {
    if (it.base_rate && it.target_rate)
      ev.push_back(
          {ContributorKind::event, it.name, *it.target_rate - *it.base_rate, (*it.target_rate - *it.base_rate) * te, false});
    else if (it.bound_delta)  // new in (or gone from) one top list: at least the change from its floor
      ev.push_back({ContributorKind::event, it.name, *it.bound_delta, *it.bound_delta * te, true});
  }
  for (const auto& p : facts.parts)
    if (p.name == "Outside DB CPU and waits" && p.base && p.target) {
      const double d = *p.target - *p.base;
      ev.push_back({ContributorKind::event, outside, d, d * te, false});
    }
  static const std::set<std::string> k_skip = {
      "db time", "db cpu", "sql execute elapsed time", "background elapsed time", "background cpu time", "total cpu time"};
  std::vector<Contributor> tm;
  for (const auto& it : time_model) {
    std::string lower = it.name;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (k_skip.count(lower) != 0 || lower.find("background") != std::string::npos) continue;
    if (!it.base_rate || !it.target_rate) continue;
    tm.push_back(
        {ContributorKind::time_model, it.name, *it.target_rate - *it.base_rate, (*it.target_rate - *it.base_rate) * te, false});
  }
  auto in_direction = [&](const std::vector<Contributor>& v, double min_share) {
    std::vector<Contributor> keep;
    for (const auto& c : v)
      if (c.delta_aas * delta > 0 && std::fabs(c.delta_aas) >= min_share * std::fabs(delta)) keep.push_back(c);
    std::stable_sort(keep.begin(), keep.end(),
                     [](const Contributor& x, const Contributor& y) { return std::fabs(x.delta_aas) > std::fabs(y.delta_aas); });
    return keep;
  };
  auto top_ev = in_direction(ev, 0.10);
  if (top_ev.empty()) top_ev = in_direction(ev, 0.03);  // a change spread thin: still name the largest
  auto top_tm = in_direction(tm, 0.20);
  // The time model is a tree: a statistic and one it contains are never two causes. The specific one
  // is named when it carries most (70%) of its parent's change, else the parent.
  for (bool again = true; again;) {
    again = false;
    for (std::size_t i = 0; i < top_tm.size() && !again; ++i)
      for (std::size_t j = 0; j < top_tm.size() && !again; ++j)
        if (i != j && time_model_contains(top_tm[i].name, top_tm[j].name)) {
          const bool child_carries = std::fabs(top_tm[j].delta_aas) >= 0.7 * std::fabs(top_tm[i].delta_aas);
          top_tm.erase(top_tm.begin() + static_cast<std::ptrdiff_t>(child_carries ? i : j));
          again = true;
        }
  }
  for (auto& c : top_tm)
    if (normalize_label(c.name) == normalize_label("hard parse elapsed time")) c.name = "hard parsing";

  std::vector<Contributor> sql_all;
  for (const auto& p : facts.sql) {
    if (!p.delta_aas || !p.parent.empty()) continue;  // children are inside their PL/SQL call's time
    if (p.status != "both" && p.status != "new" && p.status != "gone") continue;
    sql_all.push_back({ContributorKind::sql, p.label(), *p.delta_aas, *p.delta_aas * te, p.bound});
  }
  auto top_sql = in_direction(sql_all, 0.05);  // a statement carrying under 5% of the change is not a cause

  std::vector<Contributor> named = top_ev;
  named.insert(named.end(), top_tm.begin(), top_tm.end());
  std::stable_sort(named.begin(), named.end(),
                   [](const Contributor& x, const Contributor& y) { return std::fabs(x.delta_aas) > std::fabs(y.delta_aas); });
  // One to three causes: the two largest of events and time model, then the SQL that carry them.
  if (named.size() > 2) named.resize(2);
  // Contention carrying the change (library cache: mutex X, cursor: pin S wait on X) is named even
  // when time model statistics (the hard parsing it serialises) came first.
  for (const auto& c : top_ev) {
    if (std::any_of(named.begin(), named.end(), [&](const Contributor& n) { return n.name == c.name; })) continue;
    if (!is_contention(c.name)) continue;
    named.push_back(c);
    break;
  }
  const std::size_t sql_slots = named.size() >= 2 ? 1 : 2;
  if (top_sql.size() > sql_slots) top_sql.resize(sql_slots);
  return {named, top_sql, sql_all};
}

// The causes in the headline's words: ", driven by DB CPU +8.4 min (by time model: hard parsing +4.7 min); SQL
// 81uvdbt46vt5p +7.5 min", in seconds of DB time over the target's elapsed or, beyond two days of it, in average
// active sessions (`in_aas`: one choice for the whole output, the findings use it too); after a load change, where
// the added (saved) time is.
std::string causes_text(const Causes& ranked, double delta, bool in_aas, bool load_applies) {
  std::string head;
  std::vector<std::string> causes;
  auto amount = [in_aas](const Contributor& c) {
    return in_aas ? fmt::format("{:+.1f} AAS", c.delta_aas) : detail::human_seconds(*c.delta_s);
  };
  // Events (DB CPU, waits, the time outside them) and time model statistics are two views of the same DB time:
  // the statistics follow in parentheses, "DB CPU +8.4 min (by time model: hard parsing +4.7 min)", never read as
  // more time on top.
  std::vector<std::string> by_model;
  for (const auto& c : ranked.named) {
    const std::string one = c.lower_bound ? fmt::format("{} {} ({} or more)", c.name, c.delta_aas > 0 ? "new" : "gone", amount(c))
                                          : fmt::format("{} {}", c.name, amount(c));
    (c.kind == ContributorKind::time_model ? by_model : causes).push_back(one);
  }
  auto listed = [](const std::vector<std::string>& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i == 0 ? "" : (i + 1 == v.size() ? " and " : ", ")) + v[i];
    return s;
  };
  if (!causes.empty() || !by_model.empty()) {
    head += load_applies ? (delta > 0 ? "; the added time is in " : "; the time saved is in ") : ", driven by ";
    if (causes.empty()) head += listed(by_model);
    else head += listed(causes) + (by_model.empty() ? "" : " (by time model: " + listed(by_model) + ")");
    causes.insert(causes.end(), by_model.begin(), by_model.end());
  }
  for (std::size_t i = 0; i < ranked.top_sql.size(); ++i) {
    const auto& c = ranked.top_sql[i];
    if (c.lower_bound)  // one side below its report's cut-off: the change is at least this much
      head += fmt::format("{}SQL {} {} ({} or more)", i == 0 ? "; " : ", ", c.name, c.delta_aas > 0 ? "new" : "gone", amount(c));
    else head += fmt::format("{}SQL {} {}", i == 0 ? "; " : ", ", c.name, amount(c));
  }
  // A statement moving against the change by half of it or more (a job that ran in one period only): the causes
  // above add up to more than the change without it.
  const Contributor* against = nullptr;
  for (const auto& c : ranked.sql_all)
    if (c.delta_aas * delta < 0 && std::fabs(c.delta_aas) >= 0.5 * std::fabs(delta) &&
        (against == nullptr || std::fabs(c.delta_aas) > std::fabs(against->delta_aas)))
      against = &c;
  if (against != nullptr && !causes.empty())
    head += against->lower_bound ? fmt::format("; offset by SQL {} {} ({} or more)", against->name,
                                               against->delta_aas > 0 ? "new" : "gone", amount(*against))
                                 : fmt::format("; offset by SQL {} {}", against->name, amount(*against));
  return head;
}

}  // namespace

// DB time per second moved with the work (executions, transactions, user calls per second) while
// DB time per unit of work held or moved the other way.
struct Differ::LoadShift {
  bool applies = false;
  std::string loads;  // "executions +21%, transactions +47% and user calls +20%"
  std::string costs;  // "DB time per execution -8% and per transaction -24%"
  std::string inside;  // a real slowdown (speed-up) inside the load change, or empty
  std::vector<std::string> costlier;  // the units whose cost moved with DB time per second ("execution", "call")
};

void Differ::headline() {
  auto& o = m_out;
  if (!has_base()) {
    auto aas = m_target.average_active_sessions();
    o.headline = aas ? fmt::format("{}: DB time {} min over {} min elapsed, {} average active sessions", name(m_target),
                                   detail::grouped(m_target.db_time_s().value_or(0) / 60, 1),
                                   detail::grouped(m_target.interval.elapsed_s.value_or(0) / 60, 1), detail::grouped(*aas, 2))
                     : fmt::format("{}: no DB time / elapsed in the report", name(m_target));
    return;
  }
  if (o.verdict == Verdict::not_comparable || !o.db_time_per_s_base || !o.db_time_per_s_target) {
    o.verdict = Verdict::not_comparable;
    const std::string why = o.warnings.empty() ? std::string("DB time or elapsed missing") : o.warnings.front();
    // One workload (a compare report's two periods, --replay): the kind of pair first, then the one reason, a
    // side's own unsoundness said once ("RAC periods of STXPRD ..., 1 instance vs 2: not comparable: Oracle's own 1st
    // set is unsound: ...").
    if (const std::string kind = m_opt.one_workload ? pair_label() : std::string(); !kind.empty()) {
      const Snapshot* bad = !m_base->valid ? m_base : !m_target.valid ? &m_target : nullptr;
      o.headline = kind + ": not comparable: " + (bad != nullptr ? bad->invalid_reason : why);
      return;
    }
    o.headline = "Not comparable: " + why;
    return;
  }
  const double b = *o.db_time_per_s_base, t = *o.db_time_per_s_target;
  const double delta = t - b;
  const auto pct = o.db_time_change_pct;
  const auto a = assess("db_time_per_s", b, t);
  // Idle periods (detail::idle_pair): their changes are noise, never a regression.
  const bool idle = detail::idle_pair(b, t);
  const bool both_idle = std::max(b, t) < k_idle_aas;
  o.verdict = !a.material() || idle ? Verdict::unchanged : delta > 0 ? Verdict::regressed : Verdict::improved;

  const Causes ranked = rank_causes(m_events, m_time_model, m_facts, outside_label(), *target_elapsed(), delta,
                                    [this](const std::string& event) { return is_contention(event); });
  for (const auto& v : {ranked.named, ranked.top_sql}) o.contributors.insert(o.contributors.end(), v.begin(), v.end());

  // Busier is not slower: DB time per second moved with the work while its cost per unit held.
  const LoadShift load = a.material() && !idle ? load_shift(delta) : LoadShift{};
  if (load.applies) o.verdict = Verdict::load_changed;
  std::string head;
  switch (o.verdict) {
    case Verdict::regressed:
      head = "Regressed: ";
      break;
    case Verdict::improved:
      head = "Improved: ";
      break;
    case Verdict::load_changed:
      head = detail::load_reading(delta > 0, load.costlier) + ": ";
      break;
    default:
      head = "Unchanged: ";
      break;
  }
  if (m_opt.one_workload)
    if (const std::string kind = pair_kind(); !kind.empty()) return one_workload_headline(kind);
  if (m_different_databases) {
    // Two databases: the numbers are shown side by side, but neither period is the other's past: no verdict, no
    // cause, no finding and no assessment (run() withholds them, withhold_judgements).
    o.verdict = Verdict::not_comparable;
    o.contributors.clear();
    const auto& bd = m_base->database;
    const auto& td = m_target.database;
    o.headline = fmt::format(
        "Not comparable (different databases: {} DB Id {} vs {} DB Id {}): DB time per second {} -> {} average active "
        "sessions{}; neither period is the other's past, so no cause, finding or assessment is drawn from the difference "
        "(the figures are side by side below)",
        bd.name, *bd.dbid, td.name, *td.dbid, detail::grouped(b, 2), detail::grouped(t, 2),
        pct ? fmt::format(" ({})", fmt_pct(*pct)) : std::string());
    return;
  }
  if (idle) {
    o.contributors.clear();
    o.headline = head + (both_idle ? fmt::format("both periods are idle ({:.3f} -> {:.3f} average active sessions): their "
                                                 "changes are noise",
                                                 b, t)
                                   : fmt::format("idle periods ({:.3f} -> {:.3f} average active sessions, one under {} and "
                                                 "the other under {}): their changes are noise",
                                                 b, t, k_idle_aas, 2 * k_idle_aas));
    return;
  }
  head += fmt::format("DB time per second {} ({} -> {} average active sessions)", pct ? fmt_pct(*pct) : std::string("changed"),
                      detail::grouped(b, 2), detail::grouped(t, 2));
  if (load.applies) {
    head += " with " + load.loads + "; " + load.costs;
    if (!load.inside.empty()) head += fmt::format("; {} inside it: {}", delta > 0 ? "slower" : "faster", load.inside);
  }
  if (o.verdict == Verdict::unchanged) {
    head += ", within the materiality floor";
    o.headline = head;
    return;
  }
  head += causes_text(ranked, delta, m_facts.in_aas, load.applies);
  if (!m_facts.in_aas && std::fabs(*target_elapsed() - base_elapsed().value_or(0)) > 1)
    head += " (seconds scaled to the target's elapsed time)";
  o.headline = head;
}

// Contention waits: mutexes, latches, library cache, row cache and cursor pins.
bool Differ::is_contention(const std::string& event) const {
  std::string cls = detail::event_wait_class(m_target, event);
  if (cls.empty() && has_base()) cls = detail::event_wait_class(*m_base, event);
  if (cls == "Concurrency") return true;
  const auto n = detail::lower(event);
  for (std::string_view k : {"library cache", "cursor: ", "mutex", "latch", "row cache"})
    if (n.find(k) != std::string::npos) return true;
  return false;
}

Differ::LoadShift Differ::load_shift(double delta) const {
  LoadShift out;
  const bool up = delta > 0;
  struct Unit {
    const char *load_key, *load_name, *cost_key, *cost_name;
  };
  static constexpr Unit k_units[] = {{"load_profile.executes", "executions", "db_time_per_exec_ms", "execution"},
                                     {"transactions_per_s", "transactions", "db_time_per_txn_s", "transaction"},
                                     {"load_profile.user_calls", "user calls", "db_time_per_call_ms", "call"}};
  std::vector<std::string> loads, costs, held;
  std::vector<detail::UnitMove> moves;
  for (const auto& u : k_units) {
    detail::UnitMove move;
    const auto la = assess(u.load_key, metric_value(*m_base, u.load_key), metric_value(m_target, u.load_key));
    move.load_with = la.material() && la.delta && (*la.delta > 0) == up;
    if (move.load_with) {
      // Tenfold and more reads better as the rates themselves ("transactions 0.1 -> 2,374.4 /s").
      const auto lb = metric_value(*m_base, u.load_key), lt = metric_value(m_target, u.load_key);
      const bool tenfold = !lb || !lt || std::max(*lb, *lt) >= 10 * std::min(*lb, *lt);
      if (la.rel_pct && !tenfold) loads.push_back(fmt::format("{} {}", u.load_name, fmt_pct(*la.rel_pct)));
      else loads.push_back(fmt::format("{} {} -> {} /s", u.load_name, detail::grouped(*lb, 1), detail::grouped(*lt, 1)));
    }
    const auto ca = assess(u.cost_key, metric_value(*m_base, u.cost_key), metric_value(m_target, u.cost_key));
    if (ca.kind != ChangeKind::unknown) move.cost = ca.material() && ca.delta ? ((*ca.delta > 0) == up ? 1 : -1) : 0;
    moves.push_back(move);
    if (move.cost == 1) out.costlier.push_back(u.cost_name);
    if (ca.kind == ChangeKind::unknown) continue;
    if (ca.material() && ca.rel_pct) {
      // Tenfold and more: the costs themselves, in ms ("per execution 486 -> 5.1 ms").
      const double scale = std::string_view(u.cost_key) == "db_time_per_txn_s" ? 1000 : 1;
      const double cb = *metric_value(*m_base, u.cost_key) * scale, ct = *metric_value(m_target, u.cost_key) * scale;
      auto ms = [](double v) { return detail::grouped(v, v >= 99.95 ? 0 : v >= 9.995 ? 1 : v >= 0.9995 ? 2 : 3); };
      if (std::max(cb, ct) >= 10 * std::min(cb, ct))
        costs.push_back(fmt::format("per {} {} -> {} ms", u.cost_name, ms(cb), ms(ct)));
      else costs.push_back(fmt::format("per {} {}", u.cost_name, fmt_pct(*ca.rel_pct)));
    } else held.push_back(u.cost_name);
  }
  // One rule with `check`: every known cost per unit moving with DB time is a real slowdown (speed-up), not the load's.
  if (!detail::load_explains(moves)) return {};
  out.applies = true;
  out.loads = and_join(loads);
  if (!costs.empty()) {
    out.costs = "DB time " + and_join(costs);
    if (!held.empty()) out.costs += fmt::format(" (per {} held)", and_join(held));
  } else {
    out.costs = fmt::format("DB time per {} held", and_join(held));
  }
  out.inside = slowdown_inside(up);
  return out;
}

// A real change of speed inside a load change: a latency, a plan or a statement's time per execution
// that moved with DB time (worse when DB time rose), each with its share of DB time at the new load: what the
// change per unit costs at the target's rate of that unit ("log file sync 4.41 -> 6.21 ms average, 12% of DB
// time at the new load"), not the load's own time. At most three, largest first.
std::string Differ::slowdown_inside(bool up) const {
  std::vector<std::pair<double, std::string>> found;
  const ChangeKind dir = up ? ChangeKind::worse : ChangeKind::better;
  const double te = target_elapsed().value_or(0);
  const double db_t = m_out.db_time_per_s_target.value_or(0);
  // The DB time per second the change of an event's average wait costs at the target's waits per second.
  auto at_new_load = [&](std::string_view event, const OptDouble& avg_b, const OptDouble& avg_t) -> OptDouble {
    const auto* e = m_target.foreground_event(event);
    if (e == nullptr || !e->waits || !avg_b || !avg_t || te <= 0) return std::nullopt;
    return (*avg_t - *avg_b) / 1000 * *e->waits / te;
  };
  // "... (+100%)" -> "... (+100%; 4.7% of DB time at the new load)"; "... average" -> "... average (19% of ...)".
  auto share = [&](std::string text, const OptDouble& aas) {
    if (!aas || db_t <= 0) return text;
    const double pct = std::fabs(*aas) / db_t * 100;
    const std::string part = fmt::format("{}% of DB time at the new load", detail::grouped(pct, pct < 9.95 ? 1 : 0));
    if (text.ends_with(')')) return text.substr(0, text.size() - 1) + "; " + part + ")";
    return text + " (" + part + ")";
  };
  for (const auto& f : m_out.findings) {
    if (f.direction != dir) continue;
    if (f.rule == "commit_latency" && !f.metrics.empty()) {
      const auto& m = f.metrics.front();
      const OptDouble cost = at_new_load("log file sync", m.base, m.target);
      found.push_back({cost ? std::fabs(*cost) : std::fabs(f.impact_aas) + 1e-9,
                       share(fmt::format("commit latency (log file sync {} -> {} ms average)",
                                         detail::grouped(m.base.value_or(0), 2), detail::grouped(m.target.value_or(0), 2)),
                             cost)});
    } else if (f.rule == "io_latency" && !f.cause.starts_with("I/O service time")) {
      OptDouble cost;
      if (!f.metrics.empty() && f.metrics.front().key.starts_with("event:")) {
        const auto& key = f.metrics.front().key;
        const auto colon = key.rfind(':');
        cost = at_new_load(std::string_view(key).substr(6, colon - 6), f.metrics.front().base, f.metrics.front().target);
      }
      found.push_back({cost ? std::fabs(*cost) : std::fabs(f.impact_aas), share(f.cause + " average", cost)});
    } else if (f.rule == "plan_change") {  // a run queue or contention moving with the load is the load's
      found.push_back({std::fabs(f.impact_aas), f.cause});
    }
  }
  for (const auto& p : m_facts.sql) {
    if (p.status != "both" || !p.delta_aas || (*p.delta_aas > 0) != up) continue;
    const std::string slower = up ? "slower per execution" : "faster per execution";
    if (!p.why.starts_with(slower)) continue;
    if (std::fabs(*p.delta_aas) < 0.05 * std::fabs(*m_facts.delta_db_time_aas())) continue;
    const auto end = std::min(p.why.find(':'), p.why.find(" and "));
    const auto pb = p.base->elapsed_per_exec_s(), pt = p.target->elapsed_per_exec_s();
    const OptDouble cost =
        pb && pt && p.target->executions && te > 0 ? OptDouble((*pt - *pb) * *p.target->executions / te) : std::nullopt;
    found.push_back({cost ? std::fabs(*cost) : std::fabs(*p.delta_aas),
                     share(fmt::format("SQL {} {}", p.label(), p.why.substr(0, end)), cost)});
  }
  std::stable_sort(found.begin(), found.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  std::vector<std::string> names;
  for (std::size_t i = 0; i < found.size() && i < 3; ++i) names.push_back(found[i].second);
  return and_join(names);
}

// The time outside DB CPU and waits, named by what it most likely is (see the cpu_queue rule).
std::string Differ::outside_label() const {
  for (const auto& f : m_out.findings)
    if (f.rule == "cpu_queue") return "CPU run queue (time outside DB CPU and waits)";
  return "time outside DB CPU and waits";
}

}  // namespace awrdiff::detail::differ
