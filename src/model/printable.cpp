// Text made safe to print (include/awrdiff/printable.hpp).
#include <awrdiff/printable.hpp>

#include <cstddef>

namespace awrdiff {
namespace {

// The length of the valid UTF-8 sequence at s[i] (1-4), or 0 when the bytes there are not one.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) n = 2;
  else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3;
    if (b0 == 0xE0) lo = 0xA0;  // no overlong form
    if (b0 == 0xED) hi = 0x9F;  // no surrogate
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;  // at most U+10FFFF
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  const auto b1 = static_cast<unsigned char>(s[i + 1]);
  if (b1 < lo || b1 > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  return n;
}

bool white_space_control(unsigned char c) { return c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

// Calls `keep(i, n)` for each printable run and `replace(i, n, by)` for each character that is not printed.
template <class Keep, class Replace>
void scan(std::string_view s, bool keep_newlines, Keep keep, Replace replace) {
  std::size_t i = 0, run = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F) {  // printable ASCII: most of any text
      ++i;
      continue;
    }
    if (c == '\n' && keep_newlines) {
      ++i;
      continue;
    }
    std::size_t n = c < 0x80 ? 1 : utf8_length(s, i);
    const bool c1 = n == 2 && c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0;  // U+0080-U+009F
    if (c >= 0x80 && n > 0 && !c1) {  // a printable character beyond ASCII
      i += n;
      continue;
    }
    if (i > run) keep(run, i - run);
    if (n == 0) n = 1;  // an invalid byte: one replacement each
    replace(i, n, white_space_control(c) ? std::string_view(" ") : k_replacement_character);
    i += n;
    run = i;
  }
  if (i > run) keep(run, i - run);
}

}  // namespace

bool is_printable(std::string_view text, bool keep_newlines) {
  bool clean = true;
  scan(
      text, keep_newlines, [](std::size_t, std::size_t) {}, [&](std::size_t, std::size_t, std::string_view) { clean = false; });
  return clean;
}

std::string printable(std::string_view text, bool keep_newlines) {
  std::string out;
  out.reserve(text.size());
  scan(
      text, keep_newlines, [&](std::size_t i, std::size_t n) { out.append(text.substr(i, n)); },
      [&](std::size_t, std::size_t, std::string_view by) { out.append(by); });
  return out;
}

std::string csv_text_field(std::string_view text) {
  std::string s = printable(text);
  if (!text.empty() &&
      (text[0] == '=' || text[0] == '+' || text[0] == '-' || text[0] == '@' || text[0] == '\t' || text[0] == '\r'))
    s.insert(s.begin(), '\'');
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace awrdiff
