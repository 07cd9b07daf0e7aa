// In-process timing of awrdiff's own parse (load_report: read, decode, tokenize, build), without
// process start-up: the figure for "1 MB of HTML in under 10 ms of CPU".
//   awrdiff_parse_bench FILE [REPEATS]   prints: bytes, best and median CPU ms per parse
#include <awrdiff/parse.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <vector>

namespace {
double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 20;
  std::vector<double> times;
  std::size_t sections = 0;
  try {
    for (int i = 0; i < std::max(1, repeats); ++i) {
      const double t0 = cpu_ms();
      const auto snap = awrdiff::load_report(argv[1]);
      times.push_back(cpu_ms() - t0);
      sections = snap.top_events.size() + snap.load_profile.size() + snap.sql.size();
    }
  } catch (const awrdiff::Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  std::sort(times.begin(), times.end());
  std::printf("%ju bytes, best %.2f ms, median %.2f ms CPU per parse (%zu rows)\n",
              static_cast<std::uintmax_t>(std::filesystem::file_size(argv[1])), times.front(), times[times.size() / 2], sections);
  return 0;
}
