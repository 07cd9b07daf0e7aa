// Shared by the renderers: how a cell reads as text, display width and padding.
#pragma once

#include <awrdiff/render.hpp>

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

namespace awrdiff::render_detail {

/// A cell as the text formats show it: "-" when empty, the words as given, a number by its column's
/// kind and precision ("+12%", "+0.3", "1,234.5").
std::string cell_text(const CompareCell& c, const CompareColumn& col);
/// Numbers and changes are right-aligned; text columns left.
bool right_aligned(const CompareColumn& c);
/// Display width of UTF-8 text, in code points.
std::size_t width(std::string_view s);
/// `s` padded with spaces to `w` code points (left or right).
std::string pad(const std::string& s, std::size_t w, bool right);

void render_text(const Comparison& c, const RenderOptions& o, std::ostream& out);
void render_markdown(const Comparison& c, const RenderOptions& o, std::ostream& out);
void render_html(const Comparison& c, const RenderOptions& o, std::ostream& out);
void render_json(const Comparison& c, const RenderOptions& o, std::ostream& out);

}  // namespace awrdiff::render_detail
