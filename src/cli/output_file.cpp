// Where a command's output goes (output_file.hpp).
#include "cli/output_file.hpp"

#include <awrdiff/error.hpp>

#include <fmt/format.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>
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
  ::raise(sig);  // blocked while the handler runs: delivered, with its default action, when it returns
}

// The signals whose default action ends the process (signal(7)), SIGKILL and SIGSTOP aside (they cannot be
// caught): the job-control ones (SIGTSTP, SIGTTIN, SIGTTOU) stop it, SIGCHLD, SIGURG and SIGWINCH are ignored.
// The faults (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) too: a crash while writing leaves no temporary file.
std::vector<int> terminating_signals() {
  std::vector<int> s{SIGHUP,  SIGINT,  SIGQUIT, SIGILL,  SIGTRAP, SIGABRT, SIGBUS,    SIGFPE,  SIGUSR1, SIGSEGV,
                     SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS};
#ifdef SIGSTKFLT
  s.push_back(SIGSTKFLT);
#endif
#ifdef SIGIO
  s.push_back(SIGIO);
#endif
#ifdef SIGPWR
  s.push_back(SIGPWR);
#endif
#if defined(SIGRTMIN) && defined(SIGRTMAX)
  for (int r = SIGRTMIN; r <= SIGRTMAX; ++r) s.push_back(r);
#endif
  return s;
}

// Set while a temporary file exists; every signal that ends the process by default removes it first.
class TempFileGuard {
public:
  explicit TempFileGuard(const std::string& path) {
    if (path.size() >= sizeof g_temp_path) return;  // not removed on a signal (a path of 4 KB)
    std::memcpy(g_temp_path, path.c_str(), path.size() + 1);
    g_temp_set = 1;
    struct sigaction sa {};
    sa.sa_handler = remove_temp_and_die;
    ::sigfillset(&sa.sa_mask);  // a second signal waits until the first one's handler is done
    // Only a signal left at its default action is caught: one ignored by whoever started awrdiff (nohup: SIGHUP;
    // a shell's `trap '' XFSZ`) stays ignored, and one with a handler (a sanitizer's SIGSEGV) keeps it.
    for (const int sig : terminating_signals()) {
      struct sigaction old {};
      if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL || (old.sa_flags & SA_SIGINFO) != 0) continue;
      if (::sigaction(sig, &sa, nullptr) == 0) m_caught.push_back(sig);
    }
  }
  TempFileGuard(const TempFileGuard&) = delete;
  TempFileGuard& operator=(const TempFileGuard&) = delete;
  ~TempFileGuard() {
    g_temp_set = 0;
    for (const int sig : m_caught) ::signal(sig, SIG_DFL);
  }

private:
  std::vector<int> m_caught;  // the signals given remove_temp_and_die (at their default action before)
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

// The file `path` names once its symlinks are followed, whether it exists or not: a dangling link names the file
// to create (written there; the link stays). A chain of links is followed up to 40 of them (a loop: refused).
std::filesystem::path link_target(const std::string& path) {
  namespace fs = std::filesystem;
  fs::path p(path);
  for (int hops = 0; hops < 40; ++hops) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(p, ec))) return p;
    const fs::path to = fs::read_symlink(p, ec);
    if (ec) throw Error(path, "is a symlink that cannot be read (" + ec.message() + "): not written");
    p = to.is_absolute() ? to : p.parent_path() / to;
  }
  throw Error(path, "is a loop of symlinks: not written");
}

// Writes the text `write` gives (through a TextSink, in pieces) to `path` through a temporary file in the same
// directory and a rename once all of it was written, so a failed or interrupted run never leaves a half-written
// file (a terminating signal removes the temporary file; one left by a killed run is removed by the next). A
// symlink is followed (the file it points to is replaced, or created for a dangling link; the link stays); a
// path that exists but is not a regular file (a FIFO, /dev/stdout, a device) is written to directly, since it
// cannot be replaced; an existing file keeps its permissions, and one the user could not write (read-only,
// another user's) is refused, where a rename would replace it.
void write_file_atomically(const std::string& path, const std::function<void(const TextSink&)>& write) {
  namespace fs = std::filesystem;
  std::error_code sec;
  const fs::path target = link_target(path);
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
