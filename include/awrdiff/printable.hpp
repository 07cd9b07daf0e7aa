// awrdiff — text made safe to print: on a terminal, in a mail, a ticket or a spreadsheet.
//
// Report strings (names, module, SQL text, parameter values), file names and what a history store holds reach
// the text formats, the history listings, the CSV export and standard error. A report can carry bytes that a
// terminal obeys: ESC starts an escape sequence (colours, a cleared screen, "ESC ] 0 ; title BEL" sets the
// window title, some terminals answer queries into their input), BEL rings, CR returns to the line start and
// prints over it. A spreadsheet takes a CSV cell starting with =, +, - or @ for a formula. Every text output
// goes through the functions below; JSON escapes such characters itself (\u001b) and is left to do so.
#pragma once

#include <string>
#include <string_view>

namespace awrdiff {

/// The replacement of a character that is not printed: U+FFFD, "�" (one terminal column).
inline constexpr std::string_view k_replacement_character = "\xEF\xBF\xBD";

/// `text` with nothing a terminal obeys: the white-space controls TAB, LF, VT, FF and CR become a space (LF is
/// kept when `keep_newlines`: a whole listing); every other control character, C0 (0x00-0x1F: ESC, BEL, BS,
/// NUL, ...), DEL (0x7F) and C1 (U+0080-U+009F, as UTF-8; U+009B is a one-character CSI on some terminals),
/// and every byte that is not valid UTF-8, becomes U+FFFD ("�"). Printable text, any language, is unchanged.
std::string printable(std::string_view text, bool keep_newlines = false);

/// Whether printable(text, keep_newlines) is `text` as it is (nothing to replace).
bool is_printable(std::string_view text, bool keep_newlines = false);

/// A CSV field (RFC 4180) of a text column: printable(); a value a spreadsheet would take for a formula (its
/// first character =, +, -, @, or TAB / CR before printable() replaced them) prefixed with a single quote
/// (OWASP's advice: "'=cmd|..." shows as text); quoted with "" when it holds a comma, a quote or a line break.
/// Numbers are not text cells: a numeric column is written as its number (-0.5 stays -0.5).
std::string csv_text_field(std::string_view text);

}  // namespace awrdiff
