#include "core/record.hpp"

#include <fmt/format.h>

#include <fstream>

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
      throw Error(fmt::format("{}:{}: not valid JSON (at byte {})", path, line_number, e.byte));
    } catch (const Error& e) {
      throw Error(fmt::format("{}:{}: {}", path, line_number, e.what()));
    }
  }
  throw Error(fmt::format("{} has {} records; there is no record {}", path, seen, index));
}

}  // namespace nf
