// SQL text signatures (see include/awrdiff/sql_text.hpp).
#include <awrdiff/sql_text.hpp>

#include <cctype>
#include <cstdint>

namespace awrdiff {
namespace {

bool word_char(unsigned char c) { return std::isalnum(c) != 0 || c == '_' || c == '$' || c == '#' || c >= 0x80; }

// Where the string literal starting at text[i] (a quote) ends: after its closing quote ('' escapes one), else the end.
std::size_t string_literal_end(std::string_view text, std::size_t i) {
  const std::size_t n = text.size();
  std::size_t k = i + 1;
  while (k < n) {
    if (text[k] == '\'') {
      if (k + 1 < n && text[k + 1] == '\'') {
        k += 2;
        continue;
      }
      break;
    }
    ++k;
  }
  return k < n ? k + 1 : n;
}

// Where the bind variable starting at text[i] (':') ends: :B1, :1, :name, :"name".
std::size_t bind_end(std::string_view text, std::size_t i) {
  const std::size_t n = text.size();
  std::size_t k = i + 1;
  if (text[k] == '"') {
    const std::size_t e = text.find('"', k + 1);
    k = e == std::string_view::npos ? n : e + 1;
  } else {
    while (k < n && word_char(static_cast<unsigned char>(text[k]))) ++k;
  }
  return k;
}

// Where the number starting at text[i] ends: digits and dots, then an exponent (e-5, E+03).
std::size_t number_end(std::string_view text, std::size_t i) {
  const std::size_t n = text.size();
  std::size_t k = i;
  while (k < n && (std::isdigit(static_cast<unsigned char>(text[k])) != 0 || text[k] == '.')) ++k;
  if (k < n && (text[k] == 'e' || text[k] == 'E') && k + 1 < n &&
      (std::isdigit(static_cast<unsigned char>(text[k + 1])) != 0 || text[k + 1] == '-' || text[k + 1] == '+'))
    for (k += 2; k < n && std::isdigit(static_cast<unsigned char>(text[k])) != 0; ++k) {}
  return k;
}

}  // namespace

std::string sql_signature(std::string_view text) { return sql_shape(text).signature; }

std::string sql_signature_key(std::string_view text) {
  const std::string sig = sql_signature(text);
  if (sig.size() < k_signature_key_min_chars) return {};
  std::uint64_t h = 14695981039346656037ULL;  // FNV-1a, 64 bits: its offset basis and prime
  for (const char c : sig) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  static constexpr char k_hex[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[static_cast<std::size_t>(i)] = k_hex[h & 15];
  return out;
}

SqlShape sql_shape(std::string_view text) {
  SqlShape shape;
  std::string& out = shape.signature;
  out.reserve(text.size());
  bool pending_space = false;
  auto emit = [&](char c) {
    const auto u = static_cast<unsigned char>(c);
    if (pending_space && !out.empty() && word_char(static_cast<unsigned char>(out.back())) && word_char(u)) out.push_back(' ');
    pending_space = false;
    out.push_back(c);
  };
  auto emit_placeholder = [&] {
    // "?,?" and "?, ?" collapse: a list of literals of any length is one shape.
    while (out.size() >= 2 && out.back() == ',' && out[out.size() - 2] == '?') out.pop_back();
    if (!out.empty() && out.back() == '?') {
      pending_space = false;
      return;
    }
    emit('?');
  };
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (std::isspace(c) != 0) {
      pending_space = true;
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {  // comment or hint: kept, spacing folded
      const std::size_t end = text.find("*/", i + 2);
      const std::size_t stop = end == std::string_view::npos ? n : end + 2;
      emit('/');
      emit('*');
      bool sp = false;
      for (std::size_t k = i + 2; k < stop; ++k) {
        const auto d = static_cast<unsigned char>(text[k]);
        if (std::isspace(d) != 0) {
          sp = true;
          continue;
        }
        if (sp && word_char(static_cast<unsigned char>(out.back())) && word_char(d)) out.push_back(' ');
        sp = false;
        out.push_back(static_cast<char>(std::tolower(d)));
      }
      i = stop;
      continue;
    }
    if (c == '-' && i + 1 < n && text[i + 1] == '-') {  // line comment: kept
      const std::size_t end = text.find('\n', i);
      const std::size_t stop = end == std::string_view::npos ? n : end;
      for (std::size_t k = i; k < stop; ++k)
        if (std::isspace(static_cast<unsigned char>(text[k])) == 0)
          emit(static_cast<char>(std::tolower(static_cast<unsigned char>(text[k]))));
      pending_space = true;
      i = stop;
      continue;
    }
    if (c == '\'') {  // string literal, '' escapes a quote
      i = string_literal_end(text, i);
      ++shape.literals;
      emit_placeholder();
      continue;
    }
    if (c == '"') {  // quoted identifier: kept (folded like the rest)
      std::size_t k = text.find('"', i + 1);
      k = k == std::string_view::npos ? n : k + 1;
      for (std::size_t j = i; j < k; ++j) emit(static_cast<char>(std::tolower(static_cast<unsigned char>(text[j]))));
      i = k;
      continue;
    }
    if (c == ':' && i + 1 < n && (word_char(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '"')) {
      // bind variable :B1, :1, :name, :"name"  (not ":=" )
      i = bind_end(text, i);
      ++shape.binds;
      emit_placeholder();
      continue;
    }
    const bool starts_number =
        std::isdigit(c) != 0 || (c == '.' && i + 1 < n && std::isdigit(static_cast<unsigned char>(text[i + 1])) != 0);
    if (starts_number && (out.empty() || !word_char(static_cast<unsigned char>(out.back())) || pending_space)) {
      const std::size_t k = number_end(text, i);
      // A number glued to letters (t1, x2y) is part of an identifier, handled below.
      if (k >= n || !word_char(static_cast<unsigned char>(text[k])) || std::isdigit(static_cast<unsigned char>(text[k])) != 0) {
        i = k;
        ++shape.literals;
        emit_placeholder();
        continue;
      }
    }
    if (word_char(c)) {
      std::size_t k = i;
      while (k < n && word_char(static_cast<unsigned char>(text[k]))) ++k;
      for (std::size_t j = i; j < k; ++j) emit(static_cast<char>(std::tolower(static_cast<unsigned char>(text[j]))));
      i = k;
      continue;
    }
    emit(static_cast<char>(c));
    ++i;
  }
  return shape;
}

bool is_plsql_text(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])) != 0) ++i;
  auto starts = [&](std::string_view w) {
    if (text.size() - i < w.size()) return false;
    for (std::size_t k = 0; k < w.size(); ++k)
      if (std::tolower(static_cast<unsigned char>(text[i + k])) != w[k]) return false;
    return text.size() - i == w.size() || !word_char(static_cast<unsigned char>(text[i + w.size()]));
  };
  return starts("begin") || starts("declare") || starts("call");
}

std::string sql_compact_signature(std::string_view text) {
  // Comments and hints out first (outside string literals and quoted names), then the signature without its spaces.
  std::string bare;
  bare.reserve(text.size());
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    const char c = text[i];
    if (c == '\'' || c == '"') {  // a literal or a quoted name, copied whole ('' escapes a quote)
      std::size_t k = i + 1;
      while (k < n && text[k] != c) ++k;
      k = k < n ? k + 1 : n;
      bare.append(text.substr(i, k - i));
      i = k;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      const std::size_t end = text.find("*/", i + 2);
      i = end == std::string_view::npos ? n : end + 2;
      bare.push_back(' ');
      continue;
    }
    if (c == '-' && i + 1 < n && text[i + 1] == '-') {
      const std::size_t end = text.find('\n', i);
      i = end == std::string_view::npos ? n : end;
      bare.push_back(' ');
      continue;
    }
    bare.push_back(c);
    ++i;
  }
  std::string sig = sql_signature(bare);
  std::erase_if(sig, [](char ch) { return std::isspace(static_cast<unsigned char>(ch)) != 0; });
  return sig;
}

SignatureMatch match_signatures(std::string_view a, std::string_view b) {
  if (a.empty() || b.empty()) return SignatureMatch::none;
  if (a == b) return SignatureMatch::exact;
  constexpr std::size_t k_min_prefix = 40;
  const std::string_view shorter = a.size() < b.size() ? a : b;
  const std::string_view longer = a.size() < b.size() ? b : a;
  if (shorter.size() >= k_min_prefix && longer.starts_with(shorter)) return SignatureMatch::prefix;
  return SignatureMatch::none;
}

}  // namespace awrdiff
