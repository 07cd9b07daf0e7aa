#include "cli/cli.hpp"

#include <awrdiff/parse.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fstream>
#include <iostream>

namespace awrdiff::cli {

int run(int argc, char** argv) {
  CLI::App app{"awrdiff"};
  std::string file;
  auto* snap = app.add_subcommand("snapshot", "parse one report");
  snap->add_option("file", file)->required();
  bool verbose = false;
  snap->add_flag("--verbose", verbose);
  auto* tables = app.add_subcommand("tables", "debug: the raw tables of one report");
  tables->add_option("file", file)->required();
  CLI11_PARSE(app, argc, argv);
  try {
    if (*tables) {
      std::ifstream in(file, std::ios::binary);
      std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      auto text = decode_input(bytes, file);
      auto k = detect_input(text);
      auto raw = (k == InputKind::awr_instance_html) ? tokenize_html(text) : tokenize_text(text);
      for (const auto& t : raw.tables) {
        std::cout << "== [" << section_spec(t.section).key << "] '" << t.title << "' line " << t.line << " rows " << t.rows.size() << "\n   ";
        for (std::size_t i = 0; i < t.headers.size(); ++i) std::cout << "'" << t.headers[i] << "'(" << column_spec(t.columns[i]).key << ") ";
        std::cout << "\n";
        for (std::size_t i = 0; i < t.rows.size() && i < 3; ++i) {
          std::cout << "   ";
          for (const auto& c : t.rows[i].cells) std::cout << "|" << c;
          std::cout << "|\n";
        }
      }
      return 0;
    }
    auto s = load_report(file);
    std::cout << to_json(s, verbose).dump(2) << "\n";
  } catch (const Error& e) {
    std::cerr << "awrdiff: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace awrdiff::cli
