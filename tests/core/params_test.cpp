#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/params.hpp"

using namespace nf;

namespace {
ParamSchema schema() {
  return {ParamSpec::integer("cap", 300, 1, 1000, "a cap"),
          ParamSpec::real("w", 0.5, 0, 1, "a weight"), ParamSpec::boolean("on", true, "a switch"),
          ParamSpec::choice("mode", "a", {"a", "b"}, "a mode")};
}
}  // namespace

TEST_CASE("parameters resolve with defaults and canonical text") {
  const ParamSet p(schema(), {{"cap", "12"}, {"on", "off"}}, "test");
  CHECK(p.get_int("cap") == 12);
  CHECK(p.get_real("w") == 0.5);
  CHECK_FALSE(p.get_bool("on"));
  CHECK(p.get_choice("mode") == "a");
  CHECK(p.to_string(true) == "cap=12,on=false");
  CHECK(p.to_string() == "cap=12,w=0.5,on=false,mode=a");
}

TEST_CASE("bad parameters name what is wrong") {
  auto message = [](std::map<std::string, std::string> given) {
    try {
      ParamSet(schema(), given, "agent 'x'");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message({{"nope", "1"}}) ==
        "agent 'x': unknown parameter 'nope' (known: cap, w, on, mode)");
  CHECK(message({{"cap", "0"}}) ==
        "agent 'x': cap=0: out of range (expected integer in [1, 1000])");
  CHECK(message({{"cap", "1.5"}}) ==
        "agent 'x': cap=1.5: not an integer (expected integer in [1, 1000])");
  CHECK(message({{"w", "abc"}}) == "agent 'x': w=abc: not a number (expected number in [0, 1])");
  CHECK(message({{"on", "maybe"}}) ==
        "agent 'x': on=maybe: not a boolean (expected true or false)");
  CHECK(message({{"mode", "c"}}) ==
        "agent 'x': mode=c: not one of the choices (expected one of a, b)");
}

TEST_CASE("agent specs parse names and arguments") {
  const AgentSpec plain = parse_agent_spec(" heuristic ");
  CHECK(plain.name == "heuristic");
  CHECK(plain.args.empty());
  const AgentSpec spec = parse_agent_spec("ismcts(iters=2000, c=0.7)");
  CHECK(spec.name == "ismcts");
  CHECK(spec.args.at("iters") == "2000");
  CHECK(spec.args.at("c") == "0.7");
  CHECK_THROWS_WITH(parse_agent_spec("ismcts(iters=2000"),
                    "agent spec 'ismcts(iters=2000': missing ')' at the end");
  CHECK_THROWS_WITH(parse_agent_spec("ismcts(iters)"),
                    "agent spec 'ismcts(iters)': 'iters' is not of the form key=value");
  CHECK_THROWS_WITH(parse_agent_spec("is mcts"),
                    "agent spec 'is mcts': 'is mcts' is not an agent name");
  CHECK_THROWS_WITH(parse_agent_spec("a(x=1,x=2)"), "agent spec 'a(x=1,x=2)': 'x' is given twice");
}

TEST_CASE("top-level splitting keeps parenthesised arguments together") {
  const auto parts = split_top_level("heuristic(a=1,b=2),random,tune(w=[0,2])");
  REQUIRE(parts.size() == 3);
  CHECK(parts[0] == "heuristic(a=1,b=2)");
  CHECK(parts[1] == "random");
  CHECK(parts[2] == "tune(w=[0,2])");
}
