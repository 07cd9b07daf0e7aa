// The rules of `check` (check_rules.hpp): each tempers the status evaluate() gave the metrics, in the order of
// k_check_rules. docs/baselines.md describes them.
#include "check/check_rules.hpp"

#include <awrdiff/metrics.hpp>

#include "diff/facts.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cctype>
#include <cmath>
#include <iterator>

namespace awrdiff::detail {

CheckResult* find_result(std::vector<CheckResult>& results, std::string_view key) {
  for (auto& r : results)
    if (r.key == key) return &r;
  return nullptr;
}

namespace {

std::string num(double v) { return grouped_figure(v); }

OptDouble centre_of(const CheckResult& r) { return r.baseline.median ? r.baseline.median : r.baseline.mean; }

// Busier is not slower: DB time per second up with the load, while not every unit of work got costlier. The rule is
// the comparison's (detail::load_explains): a ramp-up whose executions cost more each while transactions cost far
// less (the mix changed) is the load's; every cost per unit worse is a regression. One reading at every level: DB
// time per second up with the load is the load's at its warn level too (then context, not a mail), not only at its
// fail level (then a warn: a load change that large is news).
void load_reading(CheckRun& run) {
  auto result = [&](std::string_view key) { return find_result(run.results, key); };
  LoadRules& load = run.load;
  for (const auto& m : all_metrics())
    if (m.checked && m.role == MetricRole::load)
      if (const auto* r = result(m.key);
          r && r->status == CheckStatus::changed && r->current && r->baseline.median && *r->current > *r->baseline.median) {
        load.load_rose = true;
        load.load_notes.push_back(fmt::format("{} {} -> {} /s", m.display, num(*r->baseline.median), num(*r->current)));
      }
  struct UnitKeys {
    const char *load, *cost, *name;
  };
  static constexpr UnitKeys k_units[] = {{"load_profile.executes", "db_time_per_exec_ms", "execution"},
                                         {"transactions_per_s", "db_time_per_txn_s", "transaction"},
                                         {"load_profile.user_calls", "db_time_per_call_ms", "call"}};
  std::vector<UnitMove> moves;
  std::vector<std::string> cost_notes, held, costlier;
  for (const auto& u : k_units) {
    UnitMove move;
    if (const auto* r = result(u.load); r && r->status == CheckStatus::changed && r->current && r->baseline.median)
      move.load_with = *r->current > *r->baseline.median;
    if (auto* r = result(u.cost); r && r->current && r->status != CheckStatus::insufficient) {
      const bool worse = r->status == CheckStatus::fail || r->status == CheckStatus::warn;
      move.cost = worse ? 1 : r->status == CheckStatus::improved ? -1 : 0;
      const OptDouble centre = centre_of(*r);
      if (worse) costlier.push_back(u.name);
      if (*move.cost != 0 && centre)
        cost_notes.push_back(fmt::format("per {} {} -> {} {}", u.name, num(*centre), num(*r->current), r->unit));
      else held.push_back(u.name);
    }
    moves.push_back(move);
  }
  auto* dbt = result("db_time_per_s");
  load.fail_level = dbt && dbt->status == CheckStatus::fail;
  bool warn_level = dbt && dbt->status == CheckStatus::warn && dbt->reason.find("the policy's") == std::string::npos;
  if (warn_level) {
    // Under half its fail change it is no warn at all (what_a_dba_acts_on): left as it is.
    const auto pit = run.policy.metrics.find("db_time_per_s");
    const OptDouble centre = centre_of(*dbt);
    warn_level = pit != run.policy.metrics.end() && dbt->current && centre && *centre > 0 &&
                 (*dbt->current - *centre) / *centre * 100 >= pit->second.fail_rel_pct / 2;
  }
  if (!(load.fail_level || warn_level) || !load_explains(moves) || run.policy.load_matters) return;
  dbt->status = load.fail_level ? CheckStatus::warn : CheckStatus::changed;
  load.cost_text =
      cost_notes.empty()
          ? fmt::format("DB time per {} within {}", fmt::join(held, ", "), held.size() == 1 ? "its band" : "their bands")
          : fmt::format("DB time {}{}", fmt::join(cost_notes, ", "),
                        held.empty() ? std::string() : fmt::format(" (per {} within the band)", fmt::join(held, ", ")));
  std::string reading = detail::load_reading(true, costlier);
  reading[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(reading[0])));
  dbt->reason = reading + ": " + dbt->reason + "; " + fmt::format("{}", fmt::join(load.load_notes, ", ")) + "; " + load.cost_text;
  load.busier = true;
}

// The cost per unit of work (the registry's costs per unit of DB time per second) fails a check only where it costs
// DB time: not when the load rose too, not on a nearly idle database, and not when DB time per second fell below its
// baseline (less work of another mix, e.g. a soak test before its load starts: a few executions carry the fixed
// background work). Each warns instead.
void per_unit_cost(CheckRun& run) {
  const auto costs = unit_costs("db_time_per_s");
  if (run.load.load_rose)
    for (const auto* m : costs)
      if (auto* r = find_result(run.results, m->key); r && r->status == CheckStatus::fail) {
        r->status = CheckStatus::warn;
        r->reason += " (the load rose too: warns only)";
      }
  const auto* dbt = find_result(run.results, "db_time_per_s");
  if (!dbt || !dbt->current) return;
  for (const auto* m : costs)
    if (auto* r = find_result(run.results, m->key); r && r->status == CheckStatus::fail) {
      if (*dbt->current < k_idle_aas) {
        r->status = CheckStatus::warn;
        r->reason += " (the database is nearly idle: warns only)";
      } else if (dbt->baseline.median && *dbt->current < *dbt->baseline.median) {
        r->status = CheckStatus::warn;
        r->reason += " (DB time per second is below the baseline's: warns only)";
      }
    }
}

// Idle periods (detail::idle_pair, as the comparison reads them: a current period under 0.05 AAS, or one under
// 0.1 AAS against an idle baseline centre): their ratios and latencies rest on a handful of calls and waits, and
// DB time per second on a few sessions' seconds: noise rather than a regression to mail about. A level the policy
// sets still holds.
void idle(CheckRun& run) {
  const auto* dbt = find_result(run.results, "db_time_per_s");
  const OptDouble dbt_centre = dbt ? centre_of(*dbt) : std::nullopt;
  const bool idle = dbt && dbt->current && (*dbt->current < k_idle_aas || (dbt_centre && idle_pair(*dbt_centre, *dbt->current)));
  if (idle)
    for (auto& r : run.results)
      if ((&r != dbt || *dbt->current >= k_idle_aas) && (r.status == CheckStatus::warn || r.status == CheckStatus::fail) &&
          r.reason.find("the policy's") == std::string::npos) {
        r.status = CheckStatus::ok;
        r.reason = fmt::format("outside the band, but the period is idle ({} AAS): noise", num(*dbt->current));
      }
}

constexpr double k_warn_share = 0.10;  // a latency or hard parsing warns when its time is this share of DB time

// A warn a metric gives that no DBA acts on alone: the registry metric and its policy, or null to leave it as it is
// (not a warn, no policy, a level of the policy's, no centre).
const MetricSpec* warned_metric(const CheckRun& run, const CheckResult& r, bool masters) {
  if (r.status != CheckStatus::warn || !r.current || r.reason.find("the policy's") != std::string::npos) return nullptr;
  const auto* m = find_metric(r.key);
  if (m == nullptr || !run.policy.metrics.contains(std::string(r.key)) || (m->role == MetricRole::master) != masters ||
      !centre_of(r))
    return nullptr;
  return m;
}

// Marks a warn as context: "changed", with the reason.
void context_not_warn(CheckResult& r, const std::string& context) {
  if (context.empty()) return;
  r.status = CheckStatus::changed;
  r.reason = "worse than the baseline, but not a change a DBA acts on alone (" + context + "): context, not a warn";
}

// A master metric warns from half its fail level (DB time per second +11% against one period is a normal hour, not
// news); the cost per unit of work of a load under half the baseline's DB time per second (a soak test ramping up, a
// quiet hour of another mix) is context: a few executions carry the fixed work. Masters first: the parts of DB time
// follow DB time per second.
void master_warn_level(CheckRun& run) {
  const auto* dbt = find_result(run.results, "db_time_per_s");
  const double dbt_centre_aas = dbt ? dbt->baseline.median.value_or(dbt->baseline.mean.value_or(0)) : 0.0;
  for (auto& r : run.results) {
    if (warned_metric(run, r, true) == nullptr) continue;
    const auto& mp = run.policy.metrics.find(r.key)->second;
    const double centre = *centre_of(r);
    const double rel = centre != 0 ? std::fabs(*r.current - centre) / std::fabs(centre) * 100 : 1e300;
    if (mp.fail_z && rel < mp.fail_rel_pct / 2) {
      r.status = CheckStatus::ok;
      r.reason = fmt::format("worse than the baseline by {:+.0f}%, under the warn level of +{:.0f}% (half the fail level)", rel,
                             mp.fail_rel_pct / 2);
      continue;
    }
    if (&r != dbt && dbt && dbt->current && dbt_centre_aas > 0 && *dbt->current < dbt_centre_aas / 2)
      context_not_warn(r, fmt::format("DB time per second {} AAS is under half the baseline's {}: the cost per unit of a "
                                      "smaller load of another mix",
                                      num(*dbt->current), num(dbt_centre_aas)));
  }
}

// The other metrics warn only in the context their registry row names (MetricSpec::warn): the parts of DB time (DB
// CPU, non-CPU time, time outside both, AAS per CPU) only when DB time per second itself is worse (a part rising
// inside an unchanged whole is a change of mix, which the findings explain); Background CPU from a tenth of the CPUs;
// a latency when its event takes a tenth of DB time, hard parses when hard parse elapsed time does; counts with no DB
// time of their own (rollbacks, logons, logical reads per ms of CPU) never.
void what_a_dba_acts_on(CheckRun& run) {
  const auto* dbt = find_result(run.results, "db_time_per_s");
  const OptDouble cur_aas = run.current.average_active_sessions();
  for (auto& r : run.results) {
    const MetricSpec* m = warned_metric(run, r, false);
    if (m == nullptr) continue;
    const double delta = std::fabs(*r.current - *centre_of(r));
    std::string context;
    switch (m->warn.gate) {
      case WarnGate::always:
        break;
      case WarnGate::part_of_db_time:
        if (dbt && !dbt->no_limit && dbt->status != CheckStatus::warn && dbt->status != CheckStatus::fail)
          context = "a part of DB time, and DB time per second is not worse: a change of mix";
        break;
      case WarnGate::cpu_share:
        if (const OptDouble cpus = run.current.database.cpus; !cpus || delta < k_warn_share * *cpus)
          context = cpus ? fmt::format("{} s/s is {:.0f}% of the {:g} CPUs", num(delta), delta / *cpus * 100, *cpus)
                         : std::string("the report gives no CPU count");
        break;
      case WarnGate::share_of_db_time: {
        const auto v = metric_value(run.current, m->warn.share_of);
        const OptDouble share = v && cur_aas && *cur_aas > 0 ? OptDouble(*v / *cur_aas) : std::nullopt;
        if (!share || *share < k_warn_share)
          context = share ? fmt::format("{} is {:.0f}% of DB time", m->warn.what, *share * 100) : std::string(m->warn.absent);
        break;
      }
      case WarnGate::no_db_time:
        context = "a count with no DB time of its own";
        break;
    }
    context_not_warn(r, context);
  }
}

// A storm beyond every stored period (check_storm.cpp) fails DB time per second whatever the like periods say.
void storm(CheckRun& run) {
  if (run.storm.words.empty()) return;
  if (auto* d = find_result(run.results, "db_time_per_s")) {
    d->status = CheckStatus::fail;
    d->reason = "a storm beyond every stored period: " + run.storm.words + " (pages whatever the like periods)";
  }
}

/// The rules, in the order they apply.
constexpr CheckRule k_check_rules[] = {
    {"load_reading", "DB time per second up with the load, no unit of work that held got costlier: the load's, not slower",
     &load_reading},
    {"per_unit_cost", "a cost per unit of work fails only where it costs DB time: else (load up, idle, less DB time) it warns",
     &per_unit_cost},
    {"idle", "an idle period (under 0.05 AAS, or near an idle baseline) is noise: no warn or fail but the policy's levels",
     &idle},
    {"master_warn_level", "a master metric warns from half its fail level; a cost per unit of a small load is context",
     &master_warn_level},
    {"what_a_dba_acts_on", "another metric warns only in the context its registry row names, else it is context",
     &what_a_dba_acts_on},
    {"storm", "a storm beyond every stored period fails DB time per second, whatever the like periods", &storm},
};

}  // namespace

std::span<const CheckRule> check_rules() { return k_check_rules; }

LoadRules apply_check_rules(std::vector<CheckResult>& results, const Snapshot& current, const CheckPolicy& policy,
                            const StormPage& storm) {
  CheckRun run{results, current, policy, storm, {}};
  for (const auto& rule : k_check_rules) rule.apply(run);
  return run.load;
}

}  // namespace awrdiff::detail
