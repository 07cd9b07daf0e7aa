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
namespace {

// Runs `load(file, result)` for each file on a bounded pool of threads; results in file order.
template <class Result, class Load>
std::vector<Result> for_each_file(const std::vector<std::filesystem::path>& files, unsigned threads, Load load) {
  std::vector<Result> results(files.size());
  if (files.empty()) return results;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, files.size()));

  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < files.size(); i = next++) { load(files[i], results[i]); }
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

// Records what loading one file threw as its error.
template <class F>
void capture(const std::filesystem::path& file, LoadResult& r, F&& load) {
  r.file = file;
  try {
    load();
  } catch (const Error& e) { r.error = e; } catch (const std::bad_alloc&) {
    r.error = Error(file.string(), "out of memory while reading the report");
  } catch (const std::exception& e) { r.error = Error(file.string(), std::string("internal error: ") + e.what()); }
}

}  // namespace

std::vector<LoadResult> load_reports(const std::vector<std::filesystem::path>& files, unsigned threads) {
  return for_each_file<LoadResult>(
      files, threads, [](const std::filesystem::path& f, LoadResult& r) { capture(f, r, [&] { r.snapshot = load_report(f); }); });
}

std::vector<LoadResult> load_reports_each(const std::vector<std::filesystem::path>& files, unsigned threads) {
  auto per_file =
      for_each_file<std::vector<LoadResult>>(files, threads, [](const std::filesystem::path& f, std::vector<LoadResult>& out) {
        LoadResult r;
        std::vector<Snapshot> all;
        capture(f, r, [&] { all = load_each_report(f); });
        if (r.error) {
          out.push_back(std::move(r));
          return;
        }
        for (auto& s : all) {
          LoadResult one;
          one.file = f;
          one.snapshot = std::move(s);
          out.push_back(std::move(one));
        }
      });
  std::vector<LoadResult> out;
  for (auto& v : per_file)
    for (auto& r : v) out.push_back(std::move(r));
  return out;
}

}  // namespace awrdiff
