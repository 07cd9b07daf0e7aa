// Test support: the sample reports of samples/, parsed once per test binary.
#pragma once

#include <awrdiff/parse.hpp>

#include <filesystem>
#include <map>
#include <string>

namespace awrdiff::testing {

inline std::filesystem::path sample_path(const std::string& name) {
  return std::filesystem::path(AWRDIFF_SOURCE_DIR "/samples") / name;
}

/// The parsed sample report `name` ("good.html"), cached for the whole run.
inline const Snapshot& sample_report(const std::string& name) {
  static std::map<std::string, Snapshot> cache;
  auto it = cache.find(name);
  if (it == cache.end()) it = cache.emplace(name, load_report(sample_path(name))).first;
  return it->second;
}

}  // namespace awrdiff::testing
