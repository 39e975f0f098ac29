#include "core/record.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.hpp"

namespace nf {

nlohmann::json GameRecord::to_json() const {
  nlohmann::json j = {
      {"game", game},       {"config", config},        {"seed", seed},         {"index", index},
      {"agents", agents},   {"engine", engine},        {"revision", revision}, {"actions", actions},
      {"returns", returns}, {"state_hash", state_hash}};
  if (!running_hash.empty()) j["running_hash"] = running_hash;
  if (!data.empty()) j["data"] = data;
  return j;
}

GameRecord GameRecord::from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw Error("a record must be a JSON object");
  // Reads one field as T; a missing field or a value of another type names the field.
  auto read = [&]<class T>(const char* name, T& into, const char* expected, bool required) {
    if (!j.contains(name)) {
      if (required) throw Error(fmt::format("record has no '{}' field", name));
      return;
    }
    try {
      into = j.at(name).get<T>();
    } catch (const nlohmann::json::exception&) {
      throw Error(fmt::format("record field '{}' must be {}", name, expected));
    }
  };
  GameRecord r;
  read("game", r.game, "a game id (text)", true);
  if (!j.contains("config")) throw Error("record has no 'config' field");
  r.config = j.at("config");
  if (!r.config.is_object()) throw Error("record field 'config' must be an object");
  if (j.contains("seed") && !j.at("seed").is_number_unsigned())
    throw Error("record field 'seed' must be a whole number from 0 to 2^64-1");
  read("seed", r.seed, "a whole number from 0 to 2^64-1", true);
  if (j.contains("index") && !j.at("index").is_number_unsigned())
    throw Error("record field 'index' must be a whole number");
  read("index", r.index, "a whole number", false);
  read("agents", r.agents, "a list of agent specs (text)", false);
  read("engine", r.engine, "text", false);
  read("revision", r.revision, "text", false);
  read("actions", r.actions, "a list of actions (text)", true);
  read("returns", r.returns, "a list of numbers", true);
  read("state_hash", r.state_hash, "a hash (text)", true);
  read("running_hash", r.running_hash, "a hash (text)", false);
  if (j.contains("data")) {
    r.data = j.at("data");
    bool ok = r.data.is_object();
    for (auto it = r.data.begin(); ok && it != r.data.end(); ++it)
      ok = it.value().is_object() && it.value().contains("hash") &&
           it.value().at("hash").is_string() && it.value().contains("path") &&
           it.value().at("path").is_string();
    if (!ok)
      throw Error(
          "record field 'data' must map each data option to its \"hash\" and \"path\" (text)");
  }
  return r;
}

namespace {

// A record is a few kilobytes; a line longer than this is not one (a device, a binary file).
constexpr size_t kMaxRecordLineBytes = size_t(64) << 20;

// One line of `in` into `line` (without its newline), refusing lines longer than the limit;
// false at the end of the input.
bool read_line(std::istream& in, std::string& line, const std::string& path, uint64_t number) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  for (;;) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) return !line.empty();
    if (c == '\n') return true;
    if (line.size() >= kMaxRecordLineBytes)
      throw Error(fmt::format("{}:{}: the line is longer than {} MiB; this is not a record file",
                              path, number, kMaxRecordLineBytes >> 20));
    line.push_back(char(c));
  }
}

}  // namespace

GameRecord read_record(const std::string& path, uint64_t index) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (status.type() == std::filesystem::file_type::directory)
    throw Error(fmt::format("record file '{}' is a directory, not a file", path));
  if (status.type() != std::filesystem::file_type::regular &&
      status.type() != std::filesystem::file_type::fifo &&
      status.type() != std::filesystem::file_type::not_found)
    throw Error(fmt::format("record file '{}' is not a regular file", path));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("cannot open record file '{}'", path));
  std::string line;
  uint64_t line_number = 0, seen = 0;
  while (read_line(in, line, path, line_number + 1)) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (seen++ != index) continue;
    try {
      return GameRecord::from_json(nlohmann::json::parse(line));
    } catch (const nlohmann::json::parse_error& e) {
      throw Error(fmt::format("{}:{}: not valid JSON (at byte {})", path, line_number, e.byte));
    } catch (const nlohmann::json::out_of_range&) {
      // A number beyond a double ("1e400") is JSON text the parser refuses with this exception.
      throw Error(fmt::format("{}:{}: not valid JSON (a number out of range)", path, line_number));
    } catch (const Error& e) {
      throw Error(fmt::format("{}:{}: {}", path, line_number, e.what()));
    }
  }
  throw Error(fmt::format("{} has {} records; there is no record {}", path, seen, index));
}

}  // namespace nf
