// The command line's own words for CLI11's parse errors (parse_errors.hpp).
#include "cli/parse_errors.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <string_view>
#include <vector>

namespace awrdiff::cli {
namespace {

// The edit distance of two short words (option names), for "did you mean".
std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

const CLI::App* subcommand_named(const CLI::App& app, std::string_view name) {
  for (const CLI::App* s : app.get_subcommands([](const CLI::App*) { return true; }))
    if (s->get_name() == name) return s;
  return nullptr;
}

// The command the arguments name ("baseline save"), following subcommand words from the top-level app; the
// options are those of that command and the commands above it.
struct Command {
  std::vector<const CLI::App*> chain;  // top-level app first
  std::string path() const {
    std::string p = "awrdiff";
    for (std::size_t i = 1; i < chain.size(); ++i) p += " " + chain[i]->get_name();
    return p;
  }
};

Command command_of(const CLI::App& app, int argc, const char* const* argv) {
  Command c{{&app}};
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--") break;
    if (const CLI::App* s = subcommand_named(*c.chain.back(), a)) c.chain.push_back(s);
  }
  return c;
}

bool known_option(const Command& c, std::string_view token) {
  std::string name(token.substr(0, token.find('=')));
  if (name.size() > 2 && name[0] == '-' && name[1] != '-') name = name.substr(0, 2);  // -w80, -vq
  for (const CLI::App* a : c.chain)
    for (const CLI::Option* o : a->get_options())
      if (o->check_name(name)) return true;
  return false;
}

// The known long option nearest `token` (at most two edits away, or `token` a prefix of it), or "".
std::string nearest_option(const Command& c, std::string_view token) {
  const std::string_view name = token.substr(0, token.find('='));
  std::string best;
  std::size_t best_distance = 3;
  for (const CLI::App* a : c.chain)
    for (const CLI::Option* o : a->get_options())
      for (const std::string& l : o->get_lnames()) {
        const std::string candidate = "--" + l;
        const std::size_t d = candidate.starts_with(name) && name.size() > 3 ? 1 : distance(name, candidate);
        if (d < best_distance) {
          best_distance = d;
          best = candidate;
        }
      }
  return best;
}

// The first argument that looks like an option and is none of the command's ("--frmat"), or "".
std::string unknown_option(const Command& c, int argc, const char* const* argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--") break;
    if (a.size() < 2 || a[0] != '-' || (a[1] >= '0' && a[1] <= '9') || a[1] == '.') continue;  // "-", "-3", "-.5"
    if (!known_option(c, a)) return std::string(a.substr(0, a.find('=')));
  }
  return {};
}

std::string subcommand_list(const CLI::App& app) {
  std::string out;
  for (const CLI::App* s : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (s->get_description().empty()) continue;  // hidden commands
    if (!out.empty()) out += ", ";
    out += s->get_name();
  }
  return out;
}

// An option of one value given more than once (`--from A --from B`): named with the values given, where CLI11
// keeps them ("--from given twice (A, B): it takes one value").
std::string given_more_than_once(const Command& c, const std::string& name, const std::string& count, const std::string& help) {
  std::string values;
  for (const CLI::App* a : c.chain)
    if (const CLI::Option* o = a->get_option_no_throw(name); o != nullptr && o->results().size() > 1) {
      values = fmt::format(" ({})", fmt::join(o->results(), ", "));
      break;
    }
  const std::string times = count == "2" ? std::string("twice") : count + " times";
  return fmt::format("{} given {}{}: it takes one value; give it once ({})", name, times, values, help);
}

}  // namespace

std::string describe_parse_error(const CLI::App& app, const CLI::ParseError& e, int argc, const char* const* argv) {
  try {
    const Command c = command_of(app, argc, argv);
    const std::string help = fmt::format("see {} --help", c.path());
    // An unknown option first: CLI11 may report it as anything (an option taking it for its value, or the
    // report files counting it), which misleads.
    if (const std::string bad = unknown_option(c, argc, argv); !bad.empty()) {
      const std::string near = nearest_option(c, bad);
      return near.empty() ? fmt::format("unknown option {} ({})", bad, help)
                          : fmt::format("unknown option {} (did you mean {}? {})", bad, near, help);
    }
    const std::string what = e.what();
    std::smatch m;
    if (what == "A subcommand is required")
      return fmt::format("{} needs a command: {} ({})", c.path(), subcommand_list(*c.chain.back()), help);
    static const std::regex range(R"(^(\S+): Value (.*) not in range (\S+) to (\S+)$)");
    if (std::regex_match(what, m, range))
      return fmt::format("{} {}: give a number from {} to {} ({})", m[1].str(), m[2].str(), m[3].str(), m[4].str(), help);
    static const std::regex missing_value(R"(^(\S+): \d+ required \S+ missing$)");
    if (std::regex_match(what, m, missing_value)) return fmt::format("{} needs a value ({})", m[1].str(), help);
    static const std::regex too_many(R"(^(\S+): At Most (\d+) required but received (\d+)$)");
    if (std::regex_match(what, m, too_many)) {
      if (m[1].str() == "files")
        return fmt::format(
            "{} arguments where at most two reports go, BASE and TARGET (several reports a side: --base A B "
            "--target C D; {})",
            m[3].str(), help);
      if (m[2].str() == "1") return given_more_than_once(c, m[1].str(), m[3].str(), help);
      return fmt::format("{} takes at most {} values, {} given ({})", m[1].str(), m[2].str(), m[3].str(), help);
    }
    static const std::regex required(R"(^(\S+) is required$)");
    if (std::regex_match(what, m, required)) {
      std::string name = m[1].str();
      if (!name.starts_with('-'))  // a positional, named as the help names it (FILE); an option as typed (--output)
        std::transform(name.begin(), name.end(), name.begin(),
                       [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
      return fmt::format("{} needs {} ({})", c.path(), name, help);
    }
    static const std::regex not_expected(R"(^The following arguments? (?:was|were) not expected: (.*)$)");
    if (std::regex_match(what, m, not_expected)) return fmt::format("unexpected argument {} ({})", m[1].str(), help);
    return fmt::format("{} ({})", what, help);
  } catch (...) { return fmt::format("{} (see awrdiff --help)", e.what()); }
}

}  // namespace awrdiff::cli
