// A shared library opened when first needed (dlopen) rather than linked, so that its loading and
// relocation are paid only by the runs that use it (libxml2 for HTML the fast reader cannot take,
// libpq for a postgresql:// history store, libsqlite3 for an SQLite one).
#pragma once

#include <dlfcn.h>

#include <string>
#include <type_traits>

namespace awrdiff::detail {

/// One library opened by soname (RTLD_NOW | RTLD_LOCAL) and its functions looked up by name. Never
/// unloaded: the functions stay valid for the life of the process. Not thread-safe by itself; callers
/// build it once inside a function-local static.
class LazyLibrary {
public:
  /// Opens `soname` (e.g. "libpq.so.5"); on failure error() holds the first line of dlerror()'s text.
  explicit LazyLibrary(const char* soname) : soname_(soname), handle_(dlopen(soname, RTLD_NOW | RTLD_LOCAL)) {
    if (handle_ == nullptr) {
      const char* why = dlerror();
      error_ = why != nullptr ? std::string(why).substr(0, std::string(why).find('\n')) : "dlopen failed";
    }
  }
  /// Sets `fn` to the function `name` of the library (a pointer of the function's own type, e.g.
  /// decltype(&PQexec)); nullptr when the library is not open or lacks it. The first function missing
  /// is named in error(): "<name> not found in <soname>".
  template <class Fn>
  void load(Fn& fn, const char* name) {
    static_assert(std::is_pointer_v<Fn>, "load() sets a function pointer");
    fn = handle_ == nullptr ? nullptr : reinterpret_cast<Fn>(dlsym(handle_, name));
    if (fn == nullptr && error_.empty()) error_ = std::string(name) + " not found in " + soname_;
  }
  /// Why the library or one of its functions could not be loaded; empty when all were.
  const std::string& error() const { return error_; }

private:
  std::string soname_;
  void* handle_ = nullptr;
  std::string error_;
};

}  // namespace awrdiff::detail
