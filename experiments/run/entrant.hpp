// An entrant of a balance run or tournament: an agent spec, optionally with per-seat options of
// the game attached: `heuristic@deck=aggro` plays with the heuristic and, in whichever seat
// it sits, sets that seat's option (`deck0` in seat 0, `deck1` in seat 1). So ragnarok's
// decks, or any game's per-seat choice, can enter a tournament like agents do.
// `heuristic@deck=aggro|control` is two entrants.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/params.hpp"

namespace nf {

struct Entrant {
  std::string agent;                          // the agent spec before any '@'
  std::map<std::string, std::string> seated;  // option -> value, set per seat (option + seat)
};

// "heuristic(t=0.1)@deck=aggro@x=1"; nf::Error naming the entrant when an '@' part is not
// `option=value`.
Entrant parse_entrant(const std::string& spec);

// Each spec with `option=a|b|...` alternatives becomes one entrant per alternative, in order.
std::vector<std::string> expand_entrants(const std::vector<std::string>& specs);

// The game config for one seating: `base` plus, for each seat, the options of the entrant
// there as `<option><seat>`. nf::Error when the game has no such per-seat option or `base`
// already sets it.
std::map<std::string, std::string> seated_config(const ParamSchema& schema,
                                                 std::map<std::string, std::string> base,
                                                 const std::vector<Entrant>& by_seat,
                                                 std::string_view game);

// The label of an entrant whose agent spec is canonically `agent_spec`.
std::string entrant_label(const std::string& agent_spec, const Entrant& e);

}  // namespace nf
