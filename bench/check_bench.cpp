// In-process timing of `check` (the figures of docs/benchmark.md, "check against a baseline"):
//   awrdiff_check_bench CURRENT BASELINE_SOURCE... [--repeat N]
// Parses everything once (not timed), then times: building the baseline from the parsed sources,
// check() of CURRENT against it, and writing + loading the baseline file; also a 1,000-period baseline
// file made by repeating the periods, loaded from text. Prints best and median CPU ms.
#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/parse.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

namespace {
double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}
void time_it(const char* what, int repeats, const std::function<void()>& f) {
  std::vector<double> t;
  for (int i = 0; i < repeats; ++i) {
    const double t0 = cpu_ms();
    f();
    t.push_back(cpu_ms() - t0);
  }
  std::sort(t.begin(), t.end());
  std::printf("%-58s best %8.2f ms, median %8.2f ms CPU\n", what, t.front(), t[t.size() / 2]);
}
}  // namespace

int main(int argc, char** argv) {
  int repeats = 9;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) repeats = std::atoi(argv[++i]);
    else files.emplace_back(argv[i]);
  }
  if (files.size() < 2) {
    std::fprintf(stderr, "usage: awrdiff_check_bench CURRENT BASELINE_SOURCE... [--repeat N]\n");
    return 2;
  }
  try {
    const auto current = awrdiff::load_report(files.front());
    std::vector<awrdiff::Baseline> sources;
    for (std::size_t i = 1; i < files.size(); ++i) sources.push_back(awrdiff::load_baseline_source(files[i]));
    auto merged = [&] {
      awrdiff::Baseline b = sources.front();
      for (std::size_t i = 1; i < sources.size(); ++i) awrdiff::merge_baseline(b, sources[i]);
      return b;
    };
    const auto baseline = merged();
    const auto policy = awrdiff::default_policy();
    std::printf("current %s; baseline %zu sources, %zu periods, %zu aggregates\n", files.front().c_str(), sources.size(),
                baseline.periods.size(), baseline.aggregates.size());
    time_it("merge the parsed sources into one baseline", repeats, [&] { (void)merged(); });
    time_it("check (registry metrics, findings, tables)", repeats, [&] { (void)awrdiff::check(current, baseline, policy); });
    const auto text = awrdiff::baseline_json_text(baseline);
    time_it("load the baseline file (this baseline)", repeats, [&] { (void)awrdiff::baseline_from_json(text, "b.json"); });
    awrdiff::Baseline big = baseline;
    big.snapshots.clear();
    while (!big.periods.empty() && big.periods.size() < 1000)
      big.periods.push_back(big.periods[big.periods.size() % baseline.periods.size()]);
    if (!big.periods.empty()) {
      big.periods.resize(1000);
      const auto big_text = awrdiff::baseline_json_text(big);
      std::printf("1,000-period baseline file: %zu bytes\n", big_text.size());
      time_it("load a 1,000-period baseline file", repeats, [&] { (void)awrdiff::baseline_from_json(big_text, "big.json"); });
      time_it("check against 1,000 periods (no typical period)", repeats, [&] { (void)awrdiff::check(current, big, policy); });
    }
  } catch (const awrdiff::Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}
