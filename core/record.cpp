#include "core/record.hpp"

#include <fmt/format.h>

#include <fstream>

#include "core/error.hpp"

namespace nf {

nlohmann::json GameRecord::to_json() const {
  return {
      {"game", game},       {"config", config},        {"seed", seed},         {"index", index},
      {"agents", agents},   {"engine", engine},        {"revision", revision}, {"actions", actions},
      {"returns", returns}, {"state_hash", state_hash}};
}

GameRecord GameRecord::from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw Error("a record must be a JSON object");
  auto field = [&](const char* name) -> const nlohmann::json& {
    if (!j.contains(name)) throw Error(fmt::format("record has no '{}' field", name));
    return j.at(name);
  };
  GameRecord r;
  try {
    r.game = field("game").get<std::string>();
    r.config = field("config");
    if (!r.config.is_object()) throw Error("record field 'config' must be an object");
    r.seed = field("seed").get<uint64_t>();
    r.index = j.value("index", uint64_t{0});
    r.agents = j.value("agents", std::vector<std::string>{});
    r.engine = j.value("engine", std::string{});
    r.revision = j.value("revision", std::string{});
    r.actions = field("actions").get<std::vector<std::string>>();
    r.returns = field("returns").get<std::vector<double>>();
    r.state_hash = field("state_hash").get<std::string>();
  } catch (const nlohmann::json::exception& e) {
    throw Error(fmt::format("record has a field of the wrong type ({})", e.what()));
  }
  return r;
}

GameRecord read_record(const std::string& path, uint64_t index) {
  std::ifstream in(path);
  if (!in) throw Error(fmt::format("cannot open record file '{}'", path));
  std::string line;
  uint64_t line_number = 0, seen = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (seen++ != index) continue;
    try {
      return GameRecord::from_json(nlohmann::json::parse(line));
    } catch (const nlohmann::json::parse_error& e) {
      throw Error(fmt::format("{}:{}: not valid JSON ({})", path, line_number, e.what()));
    } catch (const Error& e) {
      throw Error(fmt::format("{}:{}: {}", path, line_number, e.what()));
    }
  }
  throw Error(fmt::format("{} has {} records; there is no record {}", path, seen, index));
}

}  // namespace nf
