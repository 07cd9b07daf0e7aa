// Where a command's output goes (output_file.hpp).
#include "cli/output_file.hpp"

#include <awrdiff/error.hpp>

#include <fmt/format.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <signal.h>
#include <fcntl.h>
#include <unistd.h>

namespace awrdiff::cli {
namespace {

// A sink writing to `out` (its state tells whether all of it was written).
TextSink to(std::ostream& out) {
  return [&out](std::string_view piece) { out.write(piece.data(), static_cast<std::streamsize>(piece.size())); };
}

// The temporary file being written (empty when none): removed by the handler of a terminating signal
// (cron's `timeout` sends SIGTERM), so that a stopped run leaves no `.FILE.tmp.PID` behind.
char g_temp_path[4096];
volatile std::sig_atomic_t g_temp_set = 0;

extern "C" void remove_temp_and_die(int sig) {
  if (g_temp_set != 0) ::unlink(g_temp_path);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

// Set while a temporary file exists; the signals that end a process by default remove it first.
class TempFileGuard {
public:
  explicit TempFileGuard(const std::string& path) {
    if (path.size() >= sizeof g_temp_path) return;  // not removed on a signal (a path of 4 KB)
    std::memcpy(g_temp_path, path.c_str(), path.size() + 1);
    g_temp_set = 1;
    struct sigaction sa {};
    sa.sa_handler = remove_temp_and_die;
    ::sigemptyset(&sa.sa_mask);
    // A signal ignored by whoever started awrdiff (nohup: SIGHUP; a shell's `trap '' XFSZ`) stays ignored.
    for (std::size_t i = 0; i < k_signals.size(); ++i)
      if (::sigaction(k_signals[i], nullptr, &m_old[i]) == 0 && m_old[i].sa_handler != SIG_IGN)
        ::sigaction(k_signals[i], &sa, nullptr);
    m_installed = true;
  }
  TempFileGuard(const TempFileGuard&) = delete;
  TempFileGuard& operator=(const TempFileGuard&) = delete;
  ~TempFileGuard() {
    g_temp_set = 0;
    if (m_installed)
      for (std::size_t i = 0; i < k_signals.size(); ++i) ::sigaction(k_signals[i], &m_old[i], nullptr);
  }

private:
  static constexpr std::array<int, 5> k_signals{SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGXFSZ};
  std::array<struct sigaction, 5> m_old{};
  bool m_installed = false;
};

// Temporary files of `target` (`.NAME.tmp.PID`) left by runs that were killed (SIGKILL cannot be caught): those
// of processes that no longer exist are removed. A process still running (or of another user) keeps its own.
void remove_stale_temp_files(const std::filesystem::path& dir, const std::string& name) {
  namespace fs = std::filesystem;
  const std::string prefix = "." + name + ".tmp.";
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string entry = it->path().filename().string();
    if (!entry.starts_with(prefix) || entry.size() == prefix.size() || entry.size() > prefix.size() + 9) continue;
    const std::string digits = entry.substr(prefix.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos) continue;
    const auto pid = static_cast<pid_t>(std::stol(digits));
    if (pid <= 0 || pid == ::getpid()) continue;
    if (::kill(pid, 0) == 0 || errno != ESRCH) continue;
    std::error_code rec;
    if (fs::is_regular_file(fs::symlink_status(it->path(), rec))) fs::remove(it->path(), rec);
  }
}

// Writes the text `write` gives (through a TextSink, in pieces) to `path` through a temporary file in the same
// directory and a rename once all of it was written, so a failed or interrupted run never leaves a half-written
// file (a terminating signal removes the temporary file; one left by a killed run is removed by the next). A
// symlink is followed (the file it points to is replaced, the link stays); a path that exists but is not a
// regular file (a FIFO, /dev/stdout, a device) is written to directly, since it cannot be replaced; an existing
// file keeps its permissions, and one the user could not write (read-only, another user's) is refused, where a
// rename would replace it.
void write_file_atomically(const std::string& path, const std::function<void(const TextSink&)>& write) {
  namespace fs = std::filesystem;
  std::error_code sec;
  fs::path target(path);
  if (fs::is_symlink(fs::symlink_status(target, sec))) {
    const auto resolved = fs::weakly_canonical(target, sec);
    if (!sec) target = resolved;
  }
  const auto st = fs::status(target, sec);
  if (fs::is_directory(st)) throw Error(path, "is a directory");
  if (fs::exists(st) && !fs::is_regular_file(st)) {
    // A FIFO nobody reads would block the open for ever: refused at once. The probe stays open until the stream
    // is: closed before, its reader would see the end of the data and leave, and the open would block.
    int probe = -1;
    if (fs::is_fifo(st)) {
      probe = ::open(target.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
      if (probe < 0)
        throw Error(path, errno == ENXIO ? "is a FIFO with no reader: not written (start its reader first)" : "cannot write");
    }
    std::ofstream out(target, std::ios::binary);
    if (probe >= 0) ::close(probe);
    if (!out) throw Error(path, "cannot write");
    write(to(out));
    out.flush();
    if (!out) throw Error(path, "write failed");
    return;
  }
  const bool existed = fs::exists(st);
  if (existed && ::access(target.c_str(), W_OK) != 0)
    throw Error(path, errno == EROFS ? "is on a read-only file system: not written"
                                     : "is not writable by you (read-only, or another user's file): not replaced; "
                                       "choose another output file");
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  remove_stale_temp_files(dir, target.filename().string());
  const fs::path tmp = dir / fmt::format(".{}.tmp.{}", target.filename().string(), ::getpid());
  TempFileGuard guard(tmp.string());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(path, "cannot write (directory missing or not writable)");
    try {
      write(to(out));
    } catch (...) {
      out.close();
      std::error_code ec;
      fs::remove(tmp, ec);
      throw;
    }
    out.flush();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      throw Error(path, "write failed");
    }
  }
  std::error_code ec;
  if (existed) fs::permissions(tmp, st.permissions(), fs::perm_options::replace, ec);
  fs::rename(tmp, target, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw Error(path, "cannot replace the file: " + ec.message());
  }
}

}  // namespace

// Writes the text `write` gives, in pieces, to `output` (empty or "-": standard output), as emit does.
void emit_streamed(const std::function<void(const TextSink&)>& write, const std::string& output) {
  if (output.empty() || output == "-") {
    write(to(std::cout));
    std::cout.flush();
    if (!std::cout) throw Error("standard output", "write failed (disk full or closed pipe?)");
  } else {
    write_file_atomically(output, write);
  }
}

void emit(const std::string& text, const std::string& output) {
  emit_streamed([&text](const TextSink& sink) { sink(text); }, output);
}

}  // namespace awrdiff::cli
