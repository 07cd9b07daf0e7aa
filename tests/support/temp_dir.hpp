// Test support: a fresh directory for one test under the system's temporary directory, removed at the end.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

#include <unistd.h>

namespace awrdiff::testing {

/// mkdtemp's directory "<tmp>/<prefix>XXXXXX" ("awrdiff-history-"), removed with everything in it when it goes.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& prefix = "awrdiff-test-") {
    std::string t = (std::filesystem::temp_directory_path() / (prefix + "XXXXXX")).string();
    if (mkdtemp(t.data()) == nullptr) throw std::runtime_error("mkdtemp");
    path = t;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  /// The path of `name` in it.
  std::string file(const std::string& name) const { return (path / name).string(); }
};

}  // namespace awrdiff::testing
