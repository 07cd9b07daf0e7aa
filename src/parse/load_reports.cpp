// Loading many reports at once: a bounded pool of threads, one file per task.
#include "parse/tokenizer_common.hpp"

#include <awrdiff/parse.hpp>

#include <algorithm>
#include <atomic>
#include <exception>
#include <new>
#include <system_error>
#include <thread>

namespace awrdiff {
std::vector<LoadResult> load_reports(const std::vector<std::filesystem::path>& files, unsigned threads) {
  std::vector<LoadResult> results(files.size());
  if (files.empty()) return results;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, files.size()));

  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < files.size(); i = next++) {
      LoadResult& r = results[i];
      r.file = files[i];
      try {
        r.snapshot = load_report(files[i]);
      } catch (const Error& e) {
        r.error = e;
      } catch (const std::bad_alloc&) {
        r.error = Error(files[i].string(), "out of memory while reading the report");
      } catch (const std::exception& e) {
        r.error = Error(files[i].string(), std::string("internal error: ") + e.what());
      }
    }
  };
  if (threads == 1) {
    work();
    return results;
  }
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  try {
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  } catch (const std::system_error&) {
    // Could not start more threads: the ones running (and this one) share the work.
  }
  work();
  for (auto& t : pool) t.join();
  return results;
}

}  // namespace awrdiff
