// The shared checks of the names in designers' data files (core/toml_data.hpp).
#include <catch2/catch.hpp>

#include <string>

#include "core/error.hpp"
#include "core/toml_data.hpp"

using namespace nf;

namespace {

// The error of a data file holding one name on its second line, or "no error".
std::string name_error(const std::string& name) {
  try {
    const toml::table doc = toml_data::parse("# a card\nname = \"" + name + "\"\n", "set.toml");
    toml_data::check_name("set.toml", doc.get("name"), "card[1].name", name);
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("names with invisible or bidi-control characters are refused, naming line and field") {
  CHECK(name_error("Berserker\u200b") ==
        "set.toml:2: card[1].name: the name holds an invisible or bidi-control character "
        "(U+200B at byte 10); names are printable text");
  // Joiners, marks, overrides, isolates, the byte order mark, spaces other than the plain one,
  // tags: each looks like nothing, or reorders what follows.
  for (const char* name :
       {"Ber\u200dserker", "\u200eBerserker", "Bers\u202eerker", "Berserker\u2066",
        "\ufeffBerserker", "Berserker\u00a0", "Ber\u3000serker", "Berserker\U000E0041",
        "Bers\u00aderker", "Berserker\u2028x"})
    CHECK(name_error(name).find("invisible or bidi-control character (U+") != std::string::npos);
  CHECK(name_error("Ber\u0085serker").find("control character (0x85 at byte 4)") !=
        std::string::npos);
}

TEST_CASE("names in other scripts and with accents stay valid") {
  for (const char* name :
       {"Berserker", "Mímir", "Ægir's Hall", "Þórr", "Сигурд", "北欧", "Fjǫrgyn"})
    CHECK(name_error(name) == "no error");
}
