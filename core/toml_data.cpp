#include "core/toml_data.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/error.hpp"

namespace nf::toml_data {

// Designer files are a few kilobytes; a megabyte leaves room for any real card set.
constexpr std::uintmax_t kMaxDataFileBytes = 1 << 20;

namespace {
// The code point of the UTF-8 sequence at text[at] and its length in bytes; a byte that does
// not start a valid sequence is taken alone (toml++ has already refused invalid UTF-8).
std::pair<char32_t, size_t> code_point(std::string_view text, size_t at) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  const size_t length = lead < 0x80         ? 1
                        : lead >> 5 == 0x6  ? 2
                        : lead >> 4 == 0xE  ? 3
                        : lead >> 3 == 0x1E ? 4
                                            : 1;
  if (length == 1 || at + length > text.size()) return {lead, 1};
  char32_t c = lead & (0x7F >> length);
  for (size_t i = 1; i < length; ++i) {
    if (byte(at + i) >> 6 != 0x2) return {lead, 1};
    c = (c << 6) | (byte(at + i) & 0x3F);
  }
  return {c, length};
}

// Characters a reader does not see, or that reorder the text around them: names holding them
// look like other names ("Berserker" and "Berserker" + U+200B). Unicode's format characters
// (zero-width spaces and joiners, bidi marks, embeddings, overrides and isolates, the byte
// order mark, tags), fillers that render blank, and every space but the plain one.
bool invisible(char32_t c) {
  static constexpr std::pair<char32_t, char32_t> kRanges[] = {
      {0x00A0, 0x00A0},   {0x00AD, 0x00AD},   {0x034F, 0x034F},   {0x0600, 0x0605},
      {0x061C, 0x061C},   {0x06DD, 0x06DD},   {0x070F, 0x070F},   {0x08E2, 0x08E2},
      {0x115F, 0x1160},   {0x1680, 0x1680},   {0x17B4, 0x17B5},   {0x180B, 0x180F},
      {0x2000, 0x200F},   {0x2028, 0x202F},   {0x205F, 0x206F},   {0x2800, 0x2800},
      {0x3000, 0x3000},   {0x3164, 0x3164},   {0xFE00, 0xFE0F},   {0xFEFF, 0xFEFF},
      {0xFFA0, 0xFFA0},   {0xFFF9, 0xFFFB},   {0x110BD, 0x110BD}, {0x110CD, 0x110CD},
      {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0000, 0xE0FFF}};
  return std::any_of(std::begin(kRanges), std::end(kRanges),
                     [c](const auto& range) { return c >= range.first && c <= range.second; });
}

// Text from a data file, safe to print on one line and readable: control characters and
// invisible ones as escapes.
std::string printable(std::string_view text) {
  std::string out;
  for (size_t at = 0; at < text.size();) {
    const auto [c, length] = code_point(text, at);
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c < 0x20 || c == 0x7F)
      out += fmt::format("\\x{:02x}", static_cast<unsigned>(c));
    else if ((c >= 0x80 && c <= 0x9F) || invisible(c))
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
    else
      out += text.substr(at, length);
    at += length;
  }
  return out;
}
}  // namespace

void fail(const std::string& source, const toml::node* where, std::string_view field,
          std::string_view message) {
  if (where && where->source().begin.line > 0)
    throw Error(fmt::format("{}:{}: {}: {}", source, where->source().begin.line, printable(field),
                            printable(message)));
  throw Error(fmt::format("{}: {}: {}", source, printable(field), printable(message)));
}

namespace {
// The key given twice on one line of a TOML text ("a = { "x" = 1, "x" = 2 }"), or "".
std::string repeated_key(std::string_view text, size_t line_number) {
  size_t start = 0;
  for (size_t line = 1; line < line_number && start != std::string_view::npos; ++line) {
    start = text.find('\n', start);
    if (start != std::string_view::npos) ++start;
  }
  if (start == std::string_view::npos) return {};
  const std::string line(text.substr(start, text.find('\n', start) - start));
  static const std::regex key(R"re((?:"([^"\\]*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*=)re");
  std::vector<std::string> seen;
  for (auto it = std::sregex_iterator(line.begin(), line.end(), key); it != std::sregex_iterator();
       ++it) {
    const std::string name = (*it)[1].matched   ? (*it)[1].str()
                             : (*it)[2].matched ? (*it)[2].str()
                                                : (*it)[3].str();
    if (std::find(seen.begin(), seen.end(), name) != seen.end()) return name;
    seen.push_back(name);
  }
  return {};
}
}  // namespace

toml::table parse(std::string_view text, const std::string& source) {
  try {
    return toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    const size_t line = e.source().begin.line;
    // toml++ quotes a repeated key of an inline table garbled ('"TaTaunt" '): name it here.
    if (e.description().find("cannot redefine existing") != std::string_view::npos)
      if (const std::string key = repeated_key(text, line); !key.empty())
        throw Error(fmt::format("{}:{}: key '{}' is given twice", source, line, key));
    throw Error(fmt::format("{}:{}: {}", source, line, e.description()));
  }
}

void check_keys(const std::string& source, const toml::table& table, std::string_view prefix,
                const std::vector<std::string_view>& known) {
  for (auto&& [key, value] : table)
    if (std::find(known.begin(), known.end(), key.str()) == known.end())
      fail(source, &value, fmt::format("{}{}", prefix, key.str()),
           fmt::format("unknown field (known: {})", fmt::join(known, ", ")));
}

namespace {
std::string folded(std::string_view name) {
  std::string out(name);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}
}  // namespace

void check_name(const std::string& source, const toml::node* where, std::string_view field,
                std::string_view name) {
  if (name.find_first_not_of(" \t") == std::string_view::npos)
    fail(source, where, field, "the name is empty");
  for (size_t at = 0; at < name.size();) {
    const auto [c, length] = code_point(name, at);
    // C0 controls, DEL and the C1 controls.
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F))
      fail(source, where, field,
           fmt::format("the name holds a control character ({:#04x} at byte {}); names are "
                       "printable text",
                       static_cast<unsigned>(c), at + 1));
    if (invisible(c))
      fail(source, where, field,
           fmt::format("the name holds an invisible or bidi-control character (U+{:04X} at byte "
                       "{}); names are printable text",
                       static_cast<unsigned>(c), at + 1));
    at += length;
  }
  if (name.front() == ' ' || name.back() == ' ')
    fail(source, where, field, "the name begins or ends with a space");
}

void NameSet::add(const toml::node* where, std::string_view field, std::string_view name) {
  check_name(source_, where, field, name);
  const std::string key = folded(name);
  for (size_t i = 0; i < folded_.size(); ++i)
    if (folded_[i] == key)
      fail(source_, where, field,
           names_[i] == name
               ? fmt::format("a {} of that name exists", kind_)
               : fmt::format("a {} named '{}' exists; names must differ in more than case", kind_,
                             names_[i]));
  folded_.push_back(key);
  names_.emplace_back(name);
}

void check_selectable_name(const std::string& source, const toml::node* where,
                           std::string_view field, std::string_view name,
                           const std::vector<std::string_view>& reserved) {
  check_name(source, where, field, name);
  for (std::string_view word : reserved)
    if (folded(name) == folded(word))
      fail(source, where, field,
           fmt::format("'{}' has another meaning on the command line; give it another name", name));
  if (const auto at = name.find_first_of(",|=()[]"); at != std::string_view::npos)
    fail(source, where, field,
         fmt::format("the name holds '{}', which separates values on the command line", name[at]));
}

bool names_a_file(std::string_view value) {
  return value.find('/') != std::string_view::npos || value.ends_with(".toml");
}

std::string read_file(const std::string& path, std::string_view what) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (status.type() == std::filesystem::file_type::directory)
    throw Error(fmt::format("{} file '{}' is a directory, not a file", what, path));
  if (status.type() != std::filesystem::file_type::regular &&
      status.type() != std::filesystem::file_type::not_found)
    throw Error(fmt::format("{} file '{}' is not a regular file", what, path));
  if (const auto bytes = std::filesystem::file_size(path, error);
      !error && bytes > kMaxDataFileBytes)
    throw Error(fmt::format("{} file '{}' has {} bytes; {} files are limited to {} bytes", what,
                            path, bytes, what, kMaxDataFileBytes));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("cannot read {} file '{}'", what, path));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace nf::toml_data
