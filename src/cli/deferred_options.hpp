// Subcommands whose options are added only when a run needs them (cli.cpp).
//
// Every subcommand exists from the start, with its name and description: they make the top-level help,
// the words CLI11 recognises as commands and the commands named in error messages. Adding options is
// what costs (CLI11 builds each one from its name string, a throwaway copy for the duplicate check
// and its validators), so a subcommand's options are added when CLI11 starts reading that subcommand's
// arguments: its pre-parse callback, which runs before them. A run of `awrdiff snapshot FILE` thus adds
// the options of the top level and of `snapshot` only. The options of a subcommand that the command
// line does not reach play no part in parsing (no fall-through, no option groups), but help and the
// parse errors' own wording read them: add_all() adds them first, so every tree printed or searched is
// the one built in full.
#pragma once

#include <CLI/CLI.hpp>

#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

namespace awrdiff::cli {

class DeferredOptions {
public:
  DeferredOptions() = default;
  DeferredOptions(const DeferredOptions&) = delete;
  DeferredOptions& operator=(const DeferredOptions&) = delete;

  /// `add_options` adds `sub`'s options (all of them, in their help order) when CLI11 starts reading
  /// `sub`'s arguments, or at add_all(), whichever comes first; once. Takes `sub`'s pre-parse callback.
  void defer(CLI::App* sub, std::function<void()> add_options) {
    const std::size_t i = m_pending.size();
    m_pending.push_back(std::move(add_options));
    sub->preparse_callback([this, i](std::size_t) { add(i); });
  }

  /// Adds the options of every subcommand not yet given them (before help is printed or a parse error
  /// described).
  void add_all() {
    for (std::size_t i = 0; i < m_pending.size(); ++i) add(i);
  }

private:
  void add(std::size_t i) {
    if (!m_pending[i]) return;
    const auto add_options = std::move(m_pending[i]);
    m_pending[i] = nullptr;
    add_options();
  }

  std::vector<std::function<void()>> m_pending;  // emptied once run
};

}  // namespace awrdiff::cli
